import { FIELD_ALIASES } from './codes';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `target` uses one of the aliases (walked in place: every order is checked three times). */
const usesAlias = (target: Json, aliases: Record<string, string>): boolean => {
  for (const alias in aliases) if (Object.hasOwn(target, alias)) return true;
  return false;
};

/** `target` with its aliased keys renamed: a copy when it has one, `target` itself when it has none. */
const renameKeys = (target: unknown, aliases: Record<string, string>): unknown => {
  if (!isObject(target) || !usesAlias(target, aliases)) return target;
  const out: Json = { ...target };
  for (const [alias, canonical] of Object.entries(aliases)) {
    if (!Object.hasOwn(out, alias)) continue;
    // The canonical spelling wins when both are sent.
    if (!Object.hasOwn(out, canonical)) out[canonical] = out[alias];
    delete out[alias];
  }
  return out;
};

/**
 * Maps the spec's table spellings (`terminalID`, `merchantTransactionID`, `transactionTimeStamp`, top-level
 * `customerinfo`) to the canonical spellings of the request examples and responses. The simulator accepts
 * both on input; the SDK always sends the canonical spelling. The input is never changed: an order that
 * uses an alias comes back as a copy, one already in canonical spelling (nearly every order) as it is.
 */
export function canonicaliseOrderSpelling(body: unknown): unknown {
  if (!isObject(body)) return body;
  const top = renameKeys(body, FIELD_ALIASES.order) as Json;
  const merchant = renameKeys(top.merchant, FIELD_ALIASES.merchant);
  const transaction = renameKeys(top.transaction, FIELD_ALIASES.transaction);
  if (merchant === top.merchant && transaction === top.transaction) return top;
  const out: Json = top === body ? { ...top } : top;
  if (merchant !== top.merchant) out.merchant = merchant;
  if (transaction !== top.transaction) out.transaction = transaction;
  return out;
}
