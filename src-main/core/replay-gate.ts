/**
 * Who may replay what, where (architecture rule 14: replay never forges). A replay speaks with the gateway's
 * authority — the shop's webhook believes what arrives encrypted with its secret and ships goods — so
 * main decides it here, before anything is sent, whatever the UI, the host API or the CLI ask for:
 * - only notifications the receiver really received and accepted, by reference to the journal;
 * - all of them from one profile, whose webhook secret accepted them; the profile must still exist;
 * - never for a lookup-only profile (a support desk looks, it does not act);
 * - production only with the profile's name typed;
 * - only to the webhook URL configured on that profile, never to a URL given with the request;
 * - only bytes that still prove authentic with the profile's secret (see `receivedWire`).
 */
import type { DeliveryRecord } from '@shared/contract/notifications';
import { ConsoleFailure } from '@shared/result';
import { notReplayable, receivedWire, type ReplayItem } from '../notifications/replay';
import { refuseOnLookupOnly } from '../support/lookup-only-guard';
import type { StoredProfile } from './profiles/profile-file';
import { ProductionGuard } from './profiles/production-guard';
import { mainText } from '@shared/console-text';

export interface ReplayGateDeps {
  journal: {
    get(seq: number): DeliveryRecord | undefined;
    findLast(test: (record: DeliveryRecord) => boolean): DeliveryRecord | undefined;
  };
  /** The stored profile by id; throws `not-found` when there is none. */
  profiles: { stored(id: string): StoredProfile };
  webhookSecretOf: (profileId: string) => Promise<string | null> | string | null;
}

export interface ReplayAsk {
  notifications: Array<{ journalSeq: number }>;
  confirmation?: { profileName: string } | undefined;
}

export interface AuthorizedReplay {
  profileId: string;
  url: string;
  items: ReplayItem[];
}

export async function authorizeReplay(deps: ReplayGateDeps, ask: ReplayAsk): Promise<AuthorizedReplay> {
  const seqs = ask.notifications.map((reference) => reference.journalSeq);
  const repeated = seqs.find((seq, index) => seqs.indexOf(seq) !== index);
  if (repeated !== undefined)
    throw new ConsoleFailure('duplicate-reference', mainText('duplicateDelivery', { seq: repeated }), {
      seq: repeated,
    });
  const records = seqs.map((seq) => {
    const record = deps.journal.get(seq);
    if (!record) throw new ConsoleFailure('not-found', mainText('deliveryNotFound', { seq }), { seq });
    return record;
  });

  const refused = records.find((record) => record.verdict !== 'accepted' || record.profileId === null);
  if (refused) throw notReplayable(refused.seq, 'refused');
  const profileIds = [...new Set(records.map((record) => record.profileId as string))];
  if (profileIds.length > 1)
    throw new ConsoleFailure('mixed-profiles', mainText('mixedProfiles', { profiles: profileIds.length }), {
      profiles: profileIds.length,
    });
  const profileId = profileIds[0] as string;
  let profile: StoredProfile;
  try {
    profile = deps.profiles.stored(profileId);
  } catch {
    throw new ConsoleFailure('not-found', mainText('replayProfileGone'), { profileId });
  }

  refuseOnLookupOnly(profile, 'replay notifications');
  ProductionGuard.confirmName(profile, ask.confirmation, 'replay its notifications to its webhook');
  if (!profile.webhookUrl)
    throw new ConsoleFailure('no-webhook-url', mainText('noWebhookUrl', { name: profile.name }), {
      profileName: profile.name,
    });
  const secret = await deps.webhookSecretOf(profile.id);
  if (!secret)
    throw new ConsoleFailure('no-webhook-secret', mainText('noWebhookSecret', { name: profile.name }), {
      profileName: profile.name,
    });
  return { profileId, url: profile.webhookUrl, items: records.map((record) => receivedWire(record, secret)) };
}

/**
 * The newest notification the receiver accepted for `profileId`, authorized like any replay (so the
 * same refusals apply): what the readiness check re-delivers to prove the shop's webhook. Throws
 * `nothing-received` when the gateway never sent this profile a notification the console received.
 */
export async function authorizeLatestOf(deps: ReplayGateDeps, profileId: string): Promise<AuthorizedReplay> {
  const latest = deps.journal.findLast(
    (record) => record.profileId === profileId && record.verdict === 'accepted' && record.notification !== null,
  );
  if (!latest)
    throw new ConsoleFailure(
      'nothing-received',
      mainText('nothingReceived', { name: deps.profiles.stored(profileId).name }),
      { profileId },
    );
  return authorizeReplay(deps, { notifications: [{ journalSeq: latest.seq }] });
}
