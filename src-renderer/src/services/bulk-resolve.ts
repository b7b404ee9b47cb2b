/**
 * What each id pasted into the bulk lookup means, decided exactly as the single lookup box decides it
 * (planLookup): History first, so merchant order ids and Multibanco references become the transactionID
 * they belong to, asked with the profile that transaction was made with (another terminal's transaction
 * is refused with 401/403/404 on this one). Anything that is not a transactionID and not in History is
 * never sent: the gateway can only be asked by its own id.
 */
import type { HistoryDb } from '../db/history-db';
import type { ProfileLookup } from '../db/history-writer';
import type { TransactionRecord } from '../db/records';
import { planLookup } from './single-lookup';

/** Why a pasted id was not sent (worded per locale by lookup-code.ts). */
export type UnresolvedReason = 'reference' | 'merchant-order-id' | 'no-transaction-id';

export type ResolvedLookup =
  | { kind: 'ask'; query: string; transactionId: string; profileId: string }
  | { kind: 'ambiguous'; query: string; candidates: string[] }
  | { kind: 'unresolved'; query: string; reason: UnresolvedReason };

/** The profile a History row was made with, when it still exists; otherwise the chosen one. */
const profileOf = (row: TransactionRecord, profiles: ProfileLookup, chosenProfileId: string) =>
  profiles(row.profileId) ? row.profileId : chosenProfileId;

export async function resolveLookupId(
  db: HistoryDb,
  profiles: ProfileLookup,
  chosenProfileId: string,
  query: string,
): Promise<ResolvedLookup> {
  const plan = await planLookup(db, query);
  if (plan.kind === 'gateway')
    return { kind: 'ask', query, transactionId: plan.transactionId, profileId: chosenProfileId };
  if (plan.kind === 'history') {
    // The pasted id is itself a transactionID History knows: that one, even if it is also someone's order id.
    const own = plan.rows.find((row) => row.transactionId === query.trim());
    if (own)
      return {
        kind: 'ask',
        query,
        transactionId: own.transactionId!,
        profileId: profileOf(own, profiles, chosenProfileId),
      };
    const withId = plan.rows.filter((row) => row.transactionId);
    const candidates = [...new Set(withId.map((row) => row.transactionId!))];
    if (candidates.length > 1) return { kind: 'ambiguous', query, candidates };
    const only = withId[0];
    if (only)
      return {
        kind: 'ask',
        query,
        transactionId: only.transactionId!,
        profileId: profileOf(only, profiles, chosenProfileId),
      };
    return { kind: 'unresolved', query, reason: 'no-transaction-id' };
  }
  if (plan.kind === 'only-transaction-id')
    return { kind: 'unresolved', query, reason: plan.what === 'reference' ? 'reference' : 'merchant-order-id' };
  return { kind: 'unresolved', query, reason: 'merchant-order-id' };
}

export async function resolveLookupIds(
  db: HistoryDb,
  profiles: ProfileLookup,
  chosenProfileId: string,
  queries: readonly string[],
): Promise<ResolvedLookup[]> {
  const resolved: ResolvedLookup[] = [];
  // One at a time, in the pasted order: each is a few small indexed reads, and the rows keep that order.
  for (const query of queries) resolved.push(await resolveLookupId(db, profiles, chosenProfileId, query));
  return resolved;
}
