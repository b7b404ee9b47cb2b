import { FIELD_ALIASES } from './codes';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const renameKeys = (target: unknown, aliases: Record<string, string>): unknown => {
  if (!isObject(target)) return target;
  const out: Json = { ...target };
  for (const [alias, canonical] of Object.entries(aliases)) {
    // The canonical spelling wins when both are sent.
    if (Object.hasOwn(out, alias) && !Object.hasOwn(out, canonical)) out[canonical] = out[alias];
    delete out[alias];
  }
  return out;
};

/**
 * Maps the spec's table spellings (`terminalID`, `merchantTransactionID`, `transactionTimeStamp`, top-level
 * `customerinfo`) to the canonical spellings of the request examples and responses. The simulator accepts
 * both on input; the SDK always sends the canonical spelling. Returns a copy; the input is not changed.
 */
export function canonicaliseOrderSpelling(body: unknown): unknown {
  if (!isObject(body)) return body;
  const out = renameKeys(body, FIELD_ALIASES.order) as Json;
  if (Object.hasOwn(out, 'merchant')) out.merchant = renameKeys(out.merchant, FIELD_ALIASES.merchant);
  if (Object.hasOwn(out, 'transaction')) out.transaction = renameKeys(out.transaction, FIELD_ALIASES.transaction);
  return out;
}
