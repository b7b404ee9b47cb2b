/**
 * A recorded proxy session as a scenario file (issue 29 §4: record against the test environment, replay on
 * the Sandbox). Each interface call the shop made becomes the step the Scenarios screen runs for it: a
 * create with the shop's order body, a status query, a reference, an MB WAY purchase, an action; an
 * answer the gateway gave as an HTTP error the Sandbox can give too is armed before the step
 * (`sandbox: nextCall`), so a shop's mistakes after it replay as well.
 *
 * The recording is data. Nothing in it becomes a key, a path or a directive of the file:
 * - string values holding `${` (a capture, for the runner) go into the file's one data row and the step
 *   reads them as `${row.vN}`: the runner splices a row value in as it is and never resolves it again;
 * - object keys from a body stay keys of that body (a mapping written by the YAML library, quoted as it
 *   needs); a body with a key naming object machinery (`__proto__`, `constructor`, `prototype`), or a
 *   merchant field whose name is not a plain identifier (it would become a dotted override path), leaves
 *   that call out, said in `skipped`;
 * - the terminal and merchantTransactionId are the replaying profile's and the run's, never the recording's;
 * - headers are not written at all, so no credential or signature can reach the file; the bodies were
 *   already masked at capture.
 */
import { stringify } from 'yaml';
import { findForbiddenKey } from '@shared/forbidden-keys';
import { NEXT_CALL_STATUSES } from '@shared/qa/sandbox-controls';
import type { ShopCall, ShopTrafficEntry } from '@shared/shop/traffic';

export interface RecordingScenarioInput {
  /** The scenario's name (shown on the Scenarios screen). */
  name: string;
  variant: 'A' | 'B';
  /** Where it was recorded, for the description (profile name). */
  recordedOn: string;
}

/** Why a recorded call is not in the scenario. */
export type SkipReason =
  | 'not-an-interface-call'
  | 'no-answer'
  | 'unknown-transaction'
  | 'body-not-json'
  | 'forbidden-key'
  | 'merchant-field-name';

export interface RecordingScenario {
  /** The scenario file's text (YAML). */
  text: string;
  /** How many steps it has (a replay of nothing is refused by the caller). */
  steps: number;
  skipped: Array<{ seq: number; reason: SkipReason }>;
}

const PLAIN_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;
const CAPTURE_OPENER = '${';
/** Merchant fields the replay sets itself: the Sandbox's terminal, and a merchant id fresh for each run. */
const REPLAY_OWNED = new Set(['terminalId', 'merchantTransactionId']);

const parseObject = (text: string | null): Record<string, unknown> | null => {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/** Builds the scenario text from a session's entries (oldest first). */
export function scenarioFromRecording(
  entries: readonly ShopTrafficEntry[],
  input: RecordingScenarioInput,
): RecordingScenario {
  const row: Record<string, string> = Object.create(null) as Record<string, string>;
  let rowColumns = 0;
  /** A recorded string as the file holds it: itself, or a reference to the data row when the runner would read it. */
  const asData = (value: string): string => {
    if (!value.includes(CAPTURE_OPENER)) return value;
    const column = `v${++rowColumns}`;
    row[column] = value;
    return `\${row.${column}}`;
  };
  const deep = (value: unknown): unknown => {
    if (typeof value === 'string') return asData(value);
    if (Array.isArray(value)) return value.map(deep);
    if (value !== null && typeof value === 'object') {
      // No prototype: a key is only ever a key of this mapping.
      const out = Object.create(null) as Record<string, unknown>;
      for (const [key, item] of Object.entries(value)) out[key] = deep(item);
      return out;
    }
    return value;
  };

  const steps: Array<Record<string, unknown>> = [];
  const skipped: RecordingScenario['skipped'] = [];
  /** Recorded transactionID → the create step that makes it in the replay. */
  const createdBy = new Map<string, string>();
  /** Recorded merchantTransactionId → the run-unique id the replay uses (a resend keeps its twin). */
  const merchantIds = new Map<string, string>();
  let creates = 0;
  let lastStatusOf: string | null = null;

  const armFault = (call: ShopCall): void => {
    const status = call.response?.status ?? 200;
    const answered999 = status === 200 && call.statusCode === '999';
    const armed = answered999 ? 999 : status;
    if (armed !== 200 && (NEXT_CALL_STATUSES as readonly number[]).includes(armed))
      steps.push({ sandbox: { nextCall: { status: armed } } });
  };
  const expectOf = (call: ShopCall): Record<string, unknown> => {
    const status = call.response!.status;
    return call.statusCode !== null && status === 200
      ? { httpStatus: status, returnStatus: call.statusCode }
      : { httpStatus: status };
  };
  const transactionOf = (call: ShopCall): string | null =>
    call.transactionID === null ? null : (createdBy.get(call.transactionID) ?? null);

  for (const entry of entries) {
    if (entry.kind !== 'call') continue;
    const call = entry;
    if (call.operation === null) {
      skipped.push({ seq: call.seq, reason: 'not-an-interface-call' });
      continue;
    }
    if (call.response === null) {
      skipped.push({ seq: call.seq, reason: 'no-answer' });
      continue;
    }
    if (call.operation !== 'getStatus') lastStatusOf = null;
    if (call.operation === 'createOrder') {
      const body = parseObject(call.request.body);
      if (body === null) {
        skipped.push({ seq: call.seq, reason: 'body-not-json' });
        continue;
      }
      if (findForbiddenKey(body) !== null) {
        skipped.push({ seq: call.seq, reason: 'forbidden-key' });
        continue;
      }
      const { merchant, ...rest } = body;
      const merchantFields =
        merchant !== null && typeof merchant === 'object' && !Array.isArray(merchant) ? merchant : {};
      if (Object.keys(merchantFields).some((key) => !PLAIN_KEY.test(key))) {
        skipped.push({ seq: call.seq, reason: 'merchant-field-name' });
        continue;
      }
      const overrides = Object.create(null) as Record<string, unknown>;
      for (const [key, value] of Object.entries(merchantFields))
        if (!REPLAY_OWNED.has(key)) overrides[`merchant.${key}`] = deep(value);
      const recordedMerchantId = call.merchantTransactionId;
      let resend = false;
      if (recordedMerchantId !== null) {
        resend = merchantIds.has(recordedMerchantId);
        if (!resend) merchantIds.set(recordedMerchantId, `REC-\${run.unique}-${merchantIds.size + 1}`);
        overrides['merchant.merchantTransactionId'] = merchantIds.get(recordedMerchantId);
      }
      const id = `create${++creates}`;
      armFault(call);
      steps.push({
        id,
        create: { template: 'default', body: deep(rest), overrides },
        // A resend of a merchantTransactionId is what the shop did; main refuses to send it twice.
        expect: resend ? { refused: 'duplicate-merchant-transaction-id' } : expectOf(call),
      });
      const created = call.transactionID;
      if (created !== null && call.response.status === 200) createdBy.set(created, id);
      continue;
    }
    const step = transactionOf(call);
    if (step === null) {
      skipped.push({ seq: call.seq, reason: 'unknown-transaction' });
      continue;
    }
    const transactionID = `\${${step}.transactionID}`;
    if (call.operation === 'getStatus') {
      // A shop's polling loop is one query in the replay: the Sandbox keeps its own pace.
      if (lastStatusOf === step) continue;
      lastStatusOf = step;
      armFault(call);
      steps.push({ status: { transactionID }, expect: expectOf(call) });
    } else if (call.operation === 'generateReference') {
      armFault(call);
      steps.push({ reference: { transactionID }, expect: expectOf(call) });
    } else if (call.operation === 'mbwayPurchase') {
      const phone = parseObject(call.request.body)?.customerPhone;
      armFault(call);
      steps.push({
        mbway: { transactionID, phone: asData(typeof phone === 'string' ? phone : '351#912345678') },
        expect: expectOf(call),
      });
    } else {
      armFault(call);
      steps.push({ action: { transactionID, from: step }, expect: expectOf(call) });
    }
  }

  const document: Record<string, unknown> = {
    format: 'gateway-console/scenario@1',
    name: input.name,
    description: `Recorded through the console's proxy on ${input.recordedOn}; replays the shop's calls on the Sandbox.`,
    variant: input.variant,
    tags: ['recorded'],
    ...(rowColumns > 0 ? { data: [{ ...row }] } : {}),
    steps,
  };
  return { text: stringify(document, { lineWidth: 0 }), steps: steps.length, skipped };
}
