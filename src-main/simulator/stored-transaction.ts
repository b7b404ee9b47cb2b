/**
 * How a transaction is written to and read from the simulator's state journal. A record is one
 * positional array (no repeated key names): at 100,000 transactions the journal's size and the time to
 * load it follow the bytes per record. Reading is a cheap structural check, not a schema parse (which
 * would cost seconds at start-up); strings every record repeats are shared again once read.
 */
import { isPaymentStatus } from '@shared/gateway';
import { internMethods, type StatusChange, type Transaction } from './transactions';

/** A transaction as stored: its terminal by id (the terminal object is the running simulator's). */
export type StoredTransaction = Omit<Transaction, 'terminal'> & { terminal: string };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number';
/**
 * A time (ms since 1970) a Date can hold: one past the calendar would make every answer that formats it
 * throw, and the transaction list with it.
 */
export const isInstant = (value: unknown): value is number => typeof value === 'number' && Math.abs(value) <= 8.64e15;
const isOptionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';

const REFERENCE_STATUSES: ReadonlySet<unknown> = new Set(['UNPAID', 'PAID', 'EXPIRED']);
const isReference = (value: unknown): value is NonNullable<Transaction['reference']> =>
  isObject(value) &&
  isString(value.reference) &&
  isString(value.entity) &&
  isInstant(value.expiresAt) &&
  REFERENCE_STATUSES.has(value.status) &&
  isNumber(value.payments);
const isReferenceLimits = (value: unknown): value is NonNullable<Transaction['referenceLimits']> =>
  isObject(value) && isOptionalString(value.entity) && isOptionalString(value.finalDatetime);

const OK_CODE = '000';
const OK_MESSAGE = 'Success';

/** Optional parts, present only when the transaction has them. */
interface Extras {
  referenceLimits?: Transaction['referenceLimits'];
  reference?: Transaction['reference'];
  mbwayPhone?: string;
  action?: Transaction['action'];
}

/**
 * A part that is there must be whole: a reference with a number for its code would be answered to
 * clients and break the console's transaction list.
 */
const hasWholeExtras = (extras: Extras): boolean =>
  (extras.referenceLimits === undefined || isReferenceLimits(extras.referenceLimits)) &&
  (extras.reference === undefined || isReference(extras.reference)) &&
  isOptionalString(extras.mbwayPhone) &&
  (extras.action === undefined || (isObject(extras.action) && isString(extras.action.token)));

/** The positional record: see encodeTransaction for the order of the fields. */
export type EncodedTransaction = unknown[];

export function encodeTransaction(transaction: Transaction): EncodedTransaction {
  const { lastResult } = transaction;
  const extras: Extras = {};
  if (transaction.referenceLimits) extras.referenceLimits = transaction.referenceLimits;
  if (transaction.reference) extras.reference = transaction.reference;
  if (transaction.mbwayPhone) extras.mbwayPhone = transaction.mbwayPhone;
  if (transaction.action) extras.action = transaction.action;
  const steps: Array<string | number> = [];
  for (const step of transaction.steps) steps.push(step.kind, step.at);
  return [
    transaction.id,
    transaction.signature,
    transaction.terminal.terminalId,
    transaction.variant,
    transaction.merchantTransactionId,
    transaction.paymentMethods,
    transaction.amount.value,
    transaction.amount.currency,
    transaction.paymentType,
    transaction.paymentMethod,
    transaction.createdAt,
    transaction.expiresAt,
    transaction.status,
    transaction.statusQueries,
    lastResult.statusCode === OK_CODE && lastResult.statusMsg === OK_MESSAGE
      ? 0
      : [lastResult.statusCode, lastResult.statusMsg],
    transaction.history.map((change) => [
      change.at,
      change.from,
      change.to,
      change.reason,
      change.statusCode,
      change.statusMsg,
    ]),
    steps,
    Object.keys(extras).length ? extras : 0,
  ];
}

/** The transaction a record holds, or null when it is not one (the caller reports the line). */
export function decodeTransaction(record: unknown): StoredTransaction | null {
  if (!Array.isArray(record) || record.length < 18) return null;
  const [id, signature, terminal, variant, merchantTransactionId, methods, value, currency, paymentType] = record;
  const [paymentMethod, createdAt, expiresAt, status, statusQueries, result, history, steps, extras] = record.slice(9);
  if (
    !isString(id) ||
    !isString(signature) ||
    !isString(terminal) ||
    (variant !== 'A' && variant !== 'B') ||
    !isString(merchantTransactionId) ||
    !Array.isArray(methods) ||
    !methods.every(isString) ||
    !isNumber(value) ||
    !isString(currency) ||
    !isString(paymentType) ||
    !isString(paymentMethod) ||
    !isInstant(createdAt) ||
    !isInstant(expiresAt) ||
    !isPaymentStatus(status) ||
    !isNumber(statusQueries) ||
    !Array.isArray(history) ||
    !Array.isArray(steps) ||
    steps.length % 2 !== 0
  )
    return null;
  const lastResult =
    result === 0
      ? { statusCode: OK_CODE, statusMsg: OK_MESSAGE }
      : Array.isArray(result) && isString(result[0]) && isString(result[1])
        ? { statusCode: intern(result[0]), statusMsg: intern(result[1]) }
        : null;
  if (!lastResult) return null;
  const changes: StatusChange[] = [];
  for (const entry of history) {
    if (!Array.isArray(entry) || entry.length !== 6) return null;
    const [at, from, to, reason, statusCode, statusMsg] = entry;
    if (!isString(at) || !(from === null || isPaymentStatus(from)) || !isPaymentStatus(to)) return null;
    if (!isString(reason) || !isString(statusCode) || !isString(statusMsg)) return null;
    changes.push({
      at,
      from: from === null ? null : (intern(from) as typeof from),
      to: intern(to) as typeof to,
      reason: intern(reason),
      statusCode: intern(statusCode),
      statusMsg: intern(statusMsg),
    });
  }
  const scheduled: Array<Transaction['steps'][number]> = [];
  for (let index = 0; index < steps.length; index += 2) {
    const [kind, at] = [steps[index], steps[index + 1]];
    if (!isString(kind) || !isInstant(at)) return null;
    scheduled.push({ kind: intern(kind) as Transaction['steps'][number]['kind'], at });
  }
  if (extras !== 0 && !isObject(extras)) return null;
  const optional = (extras === 0 ? {} : extras) as Extras;
  if (!hasWholeExtras(optional)) return null;
  // Optional parts are declared in the literal (so they live inside the object) and assigned after it,
  // not spread into it: spreads would give every restored transaction a hidden class of its own.
  const transaction: StoredTransaction = {
    id,
    // Empty only when edited by hand: restoreState gives it a fresh one no client knows.
    signature,
    terminal: intern(terminal),
    variant,
    merchantTransactionId,
    paymentMethods: internMethods(methods as string[]),
    amount: { value, currency: intern(currency) },
    paymentType: intern(paymentType),
    paymentMethod: intern(paymentMethod),
    createdAt,
    expiresAt,
    status: intern(status) as typeof status,
    lastResult,
    history: changes,
    statusQueries,
    steps: scheduled,
    referenceLimits: undefined,
    reference: undefined,
    mbwayPhone: undefined,
    action: undefined,
  };
  if (optional.referenceLimits) transaction.referenceLimits = optional.referenceLimits;
  if (optional.reference) transaction.reference = optional.reference;
  if (optional.mbwayPhone !== undefined) transaction.mbwayPhone = optional.mbwayPhone;
  if (optional.action) transaction.action = optional.action;
  return transaction;
}

/**
 * A transaction record in the former object shape (`{"k":"tx"}` lines), possibly with the whole
 * parsed order it kept then; brought to today's shape. Null when it is not a transaction.
 */
export function fromFormerRecord(value: unknown): StoredTransaction | null {
  if (!isObject(value)) return null;
  const { id, signature, terminal, variant, amount, status, history, steps, createdAt, expiresAt } = value;
  if (!(
    isString(id) &&
    isString(signature) &&
    isString(terminal) &&
    (variant === 'A' || variant === 'B') &&
    isObject(amount) &&
    isNumber(amount.value) &&
    isString(amount.currency) &&
    isPaymentStatus(status) &&
    Array.isArray(history) &&
    Array.isArray(steps) &&
    steps.every((step) => isObject(step) && isString(step.kind) && isInstant(step.at)) &&
    isInstant(createdAt) &&
    isInstant(expiresAt) &&
    isNumber(value.statusQueries)
  ))
    return null;
  if (isObject(value.order)) {
    const kept = fromWholeOrder(value.order);
    if (!kept) return null;
    delete value.order;
    Object.assign(value, kept);
  }
  if (!isString(value.merchantTransactionId) || !Array.isArray(value.paymentMethods)) return null;
  if (!value.paymentMethods.every(isString)) return null;
  if (!hasWholeExtras(value as Extras)) return null;
  value.paymentMethods = internMethods(value.paymentMethods as string[]);
  return value as unknown as StoredTransaction;
}

/** The fields of a whole stored order that a transaction keeps now. */
function fromWholeOrder(
  order: Json,
): Pick<StoredTransaction, 'merchantTransactionId' | 'paymentMethods' | 'referenceLimits'> | null {
  const { merchant, transaction } = order;
  if (!isObject(merchant) || !isObject(transaction)) return null;
  if (!isString(merchant.merchantTransactionId) || !Array.isArray(transaction.paymentMethod)) return null;
  const limits = isObject(transaction.paymentReference) ? transaction.paymentReference : {};
  const entity = isString(limits.entity) ? limits.entity : undefined;
  const finalDatetime = isString(limits.finalDatetime) ? limits.finalDatetime : undefined;
  return {
    merchantTransactionId: merchant.merchantTransactionId,
    paymentMethods: transaction.paymentMethod as string[],
    ...(entity || finalDatetime
      ? { referenceLimits: { ...(entity ? { entity } : {}), ...(finalDatetime ? { finalDatetime } : {}) } }
      : {}),
  };
}

/** Short strings repeated in every record (statuses, reasons, codes) are kept once. */
const interned = new Map<string, string>();
function intern(text: string): string {
  if (text.length > 64) return text;
  const known = interned.get(text);
  if (known !== undefined) return known;
  if (interned.size < 10_000) interned.set(text, text);
  return text;
}
