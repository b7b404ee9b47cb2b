/**
 * What a shop's integration did wrong, judged from its traffic (issue 29 §2): each finding names the rule
 * of the interface it breaks (the section of docs/gateway-interface), the evidence (the seqs of the
 * entries), the transaction, and how to fix it, as text ids + parameters (English via englishShopText,
 * Portuguese by id in the renderer). Pure: the Traffic view, the certification report and the `certify`
 * CLI share it. A shop's values appear only as parameters (data), never as keys or markup.
 */
import { canonicaliseOrderSpelling, isFinalPaymentStatus, isMbwayPhone, validateOrder } from '@shared/gateway';
import { ruleOf } from '@shared/rule-text';
import { englishShopText, shopText, type ShopText, type ShopTextId, type ShopTextParams } from './shop-text';
import type { ShopCall, ShopNotification, ShopTrafficEntry } from './traffic';

export const SHOP_FINDING_CODES = [
  'missing-header',
  'wrong-auth-scheme',
  'unknown-operation',
  'body-rule',
  'merchant-transaction-id-reused',
  'foreign-signature',
  'invalid-signature',
  'status-polled-too-fast',
  'outcome-never-checked',
  'create-resent',
  'follow-up-on-final',
  'ack-wrong-shape',
  'ack-missing',
  'ack-late',
  'ack-inconsistent',
  'webhook-not-https',
] as const;
export type ShopFindingCode = (typeof SHOP_FINDING_CODES)[number];

/** The interface sections a finding can break (headings of the interface document and docs/gateway-behaviour.md). */
export type ShopSection =
  | 'Authentication'
  | 'Endpoints'
  | 'Resources'
  | 'Create order'
  | 'Errors'
  | 'Status query limits'
  | 'States and transitions'
  | 'Merchant notifications'
  | 'Production readiness';

export interface ShopFinding {
  /** Stable within one judgement: the code and the first evidence seq. */
  id: string;
  code: ShopFindingCode;
  severity: 'error' | 'warning';
  /** The traffic entries that show it, oldest first. */
  seqs: number[];
  transactionID: string | null;
  section: ShopSection;
  text: ShopText;
  fix: ShopText;
  /** English, from the same pieces (the CLI, logs and the JSON report read it). */
  message: string;
  fixMessage: string;
}

export interface FindShopProblemsOptions {
  /** The client-id header's name (default `X-Platform-Client-Id`; case-insensitive). */
  clientIdHeader?: string;
  /** The shortest acceptable gap between two status queries of one transaction (default 1,000 ms). */
  minPollIntervalMs?: number;
  /** How long an acknowledgement may take (default 5,000 ms). */
  ackDeadlineMs?: number;
}

export const DEFAULT_MIN_POLL_INTERVAL_MS = 1_000;
export const ACK_DEADLINE_MS = 5_000;

const OPERATION_NAMES: Record<NonNullable<ShopCall['operation']>, string> = {
  createOrder: 'Create order',
  getStatus: 'Get status',
  generateReference: 'Reference generate',
  mbwayPurchase: 'MB WAY purchase',
  performAction: 'Action',
};
const FOLLOW_UPS = new Set(['generateReference', 'mbwayPurchase', 'performAction']);
const BEARER_CALLS = new Set(['createOrder', 'getStatus']);
const DIGEST_CALLS = new Set(['generateReference', 'mbwayPurchase']);

const operationName = (call: ShopCall): string => (call.operation ? OPERATION_NAMES[call.operation] : call.method);

/** An answer that does not tell the shop what happened: a 5xx, no answer at all, or statusCode 999. */
export function isOutcomeUnknown(call: ShopCall): boolean {
  if (!call.response) return true;
  const { status, fault } = call.response;
  if (fault === 'reset' || fault === 'empty' || fault === 'truncated') return true;
  return status >= 500 || call.statusCode === '999';
}

const describeAnswer = (call: ShopCall): string =>
  !call.response
    ? 'no answer'
    : call.response.fault && !call.response.fault.startsWith('http-') && call.response.fault !== 'status-999'
      ? `${call.response.fault}`
      : call.statusCode === '999'
        ? 'statusCode 999'
        : `HTTP ${call.response.status}`;

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

const parseBody = (call: ShopCall): unknown => {
  if (call.request.body === null || call.request.bodyTruncated) return undefined;
  try {
    return JSON.parse(call.request.body) as unknown;
  } catch {
    return undefined;
  }
};

class FindingList {
  readonly list: ShopFinding[] = [];
  add(
    code: ShopFindingCode,
    section: ShopSection,
    seqs: number[],
    transactionID: string | null,
    text: [ShopTextId, ShopTextParams],
    fix: [ShopTextId, ShopTextParams],
    severity: ShopFinding['severity'] = 'error',
  ): void {
    const sorted = [...new Set(seqs)].sort((a, b) => a - b);
    const message = shopText(text[0], text[1]);
    const fixText = shopText(fix[0], fix[1]);
    this.list.push({
      id: `${code}:${sorted[0] ?? 0}`,
      code,
      severity,
      seqs: sorted,
      transactionID,
      section,
      text: message,
      fix: fixText,
      message: englishShopText(message),
      fixMessage: englishShopText(fixText),
    });
  }
}

/** Judges a shop's traffic (any order; judged by seq). */
export function findShopProblems(
  entries: readonly ShopTrafficEntry[],
  options: FindShopProblemsOptions = {},
): ShopFinding[] {
  const sorted = [...entries].sort((a, b) => a.seq - b.seq);
  const calls = sorted.filter((entry): entry is ShopCall => entry.kind === 'call');
  const notifications = sorted.filter((entry): entry is ShopNotification => entry.kind === 'notification');
  const found = new FindingList();
  for (const call of calls) judgeCall(call, options, found);
  judgeMerchantIds(calls, found);
  judgePolling(calls, options.minPollIntervalMs ?? DEFAULT_MIN_POLL_INTERVAL_MS, found);
  judgeFinalFollowUps(sorted, found);
  judgeAcks(notifications, options.ackDeadlineMs ?? ACK_DEADLINE_MS, found);
  return found.list.sort((a, b) => (a.seqs[0] ?? 0) - (b.seqs[0] ?? 0) || a.code.localeCompare(b.code));
}

function judgeCall(call: ShopCall, options: FindShopProblemsOptions, found: FindingList): void {
  const operation = operationName(call);
  const tx = call.transactionID;
  if (call.operation === null) {
    found.add(
      'unknown-operation',
      'Endpoints',
      [call.seq],
      null,
      ['unknownOperation', { method: call.method, path: call.path }],
      ['unknownOperationFix', {}],
      // Answered 2xx: a helper the simulator serves (its OpenAPI document), not something the gateway refuses.
      call.response && call.response.status >= 200 && call.response.status < 300 ? 'warning' : 'error',
    );
    return;
  }
  const headers = call.request.headers;
  const clientIdHeader = (options.clientIdHeader ?? 'X-Platform-Client-Id').toLowerCase();
  const missing = (name: string) => headers[name] === undefined || headers[name]!.trim() === '';
  if (missing('authorization'))
    found.add(
      'missing-header',
      'Authentication',
      [call.seq],
      tx,
      ['missingHeader', { operation, header: 'Authorization' }],
      [
        'missingHeaderFix',
        {
          header: 'Authorization',
          expected: DIGEST_CALLS.has(call.operation) ? 'Digest <transactionSignature>' : 'Bearer <token>',
        },
      ],
    );
  if (missing(clientIdHeader))
    found.add(
      'missing-header',
      'Authentication',
      [call.seq],
      tx,
      ['missingHeader', { operation, header: options.clientIdHeader ?? 'X-Platform-Client-Id' }],
      [
        'missingHeaderFix',
        { header: options.clientIdHeader ?? 'X-Platform-Client-Id', expected: 'the client id issued at onboarding' },
      ],
    );
  if (missing('content-type'))
    found.add(
      'missing-header',
      'Endpoints',
      [call.seq],
      tx,
      ['missingHeader', { operation, header: 'Content-Type' }],
      ['missingHeaderFix', { header: 'Content-Type', expected: 'application/json' }],
      // A bodiless status GET without it is answered by the real gateway: a conformance warning only.
      call.operation === 'getStatus' ? 'warning' : 'error',
    );
  const scheme = call.request.authScheme?.toLowerCase() ?? null;
  const expected = BEARER_CALLS.has(call.operation) ? 'Bearer' : DIGEST_CALLS.has(call.operation) ? 'Digest' : null;
  if (scheme !== null && expected !== null && scheme !== expected.toLowerCase())
    found.add(
      'wrong-auth-scheme',
      'Authentication',
      [call.seq],
      tx,
      ['wrongAuthScheme', { operation, used: call.request.authScheme ?? '', expected }],
      ['wrongAuthSchemeFix', {}],
    );
  if (call.signature && !call.signature.matched && tx !== null) {
    if (call.signature.belongsTo !== null && call.signature.belongsTo !== tx)
      found.add(
        'foreign-signature',
        'Authentication',
        [call.seq],
        tx,
        ['foreignSignature', { operation, transactionID: tx, other: call.signature.belongsTo }],
        ['foreignSignatureFix', {}],
      );
    else if (call.signature.belongsTo === null)
      found.add(
        'invalid-signature',
        'Authentication',
        [call.seq],
        tx,
        ['invalidSignature', { operation, transactionID: tx }],
        ['invalidSignatureFix', {}],
      );
  }
  judgeBody(call, operation, found);
}

function judgeBody(call: ShopCall, operation: string, found: FindingList): void {
  if (call.operation === 'createOrder') {
    const body = parseBody(call);
    if (body === undefined) {
      if (call.request.body !== null && !call.request.bodyTruncated)
        found.add(
          'body-rule',
          'Resources',
          [call.seq],
          null,
          ['bodyRule', { operation, field: '(body)', rule: 'must be a JSON object' }],
          ['bodyRuleFix', { field: '(body)', count: 1 }],
        );
      return;
    }
    const canonical = canonicaliseOrderSpelling(body);
    // The terminal's variant is not in the traffic: an order is Variant B when it carries the device `info`.
    const variant = typeof canonical === 'object' && canonical !== null && 'info' in canonical ? 'B' : 'A';
    const validation = validateOrder(variant, canonical);
    if (validation.ok) return;
    const first = validation.issues[0]!;
    const rule = ruleOf(first.message);
    found.add(
      'body-rule',
      'Resources',
      [call.seq],
      null,
      [
        'bodyRule',
        { operation, field: first.path || '(body)', rule: first.message, ...(rule ? { ruleId: rule.id } : {}) },
      ],
      ['bodyRuleFix', { field: first.path || '(body)', count: validation.issues.length }],
    );
    return;
  }
  if (call.operation === 'mbwayPurchase') {
    const body = parseBody(call) as { customerPhone?: unknown } | undefined;
    if (body && typeof body === 'object' && !isMbwayPhone(body.customerPhone))
      found.add(
        'body-rule',
        'Resources',
        [call.seq],
        call.transactionID,
        [
          'bodyRule',
          {
            operation,
            field: 'customerPhone',
            rule: 'must be country code, "#", national number (e.g. 351#912345678)',
          },
        ],
        ['bodyRuleFix', { field: 'customerPhone', count: 1 }],
      );
  }
}

/** Reused ids across created orders, and creates resent after an unclear answer (duplicate-payment risk). */
function judgeMerchantIds(calls: ShopCall[], found: FindingList): void {
  const creates = calls.filter((call) => call.operation === 'createOrder' && call.merchantTransactionId !== null);
  const created = new Map<string, ShopCall[]>();
  const unclear = new Map<string, ShopCall>();
  for (const call of creates) {
    const id = call.merchantTransactionId!;
    const earlierUnclear = unclear.get(id);
    if (earlierUnclear) {
      found.add(
        'create-resent',
        'Errors',
        [earlierUnclear.seq, call.seq],
        call.transactionID,
        ['createResent', { merchantTransactionId: id, answer: describeAnswer(earlierUnclear) }],
        ['createResentFix', {}],
      );
      unclear.delete(id);
    }
    if (isOutcomeUnknown(call)) unclear.set(id, call);
    else if (call.response?.status === 200 && call.statusCode === '000' && call.transactionID) {
      const list = created.get(id) ?? [];
      list.push(call);
      created.set(id, list);
    }
  }
  for (const [id, list] of created) {
    const distinct = new Set(list.map((call) => call.transactionID));
    if (distinct.size > 1)
      found.add(
        'merchant-transaction-id-reused',
        'Create order',
        list.map((call) => call.seq),
        null,
        ['merchantTransactionIdReused', { merchantTransactionId: id, count: distinct.size }],
        ['merchantTransactionIdReusedFix', {}],
      );
  }
}

/** Status queries too close together, and outcome-unknown answers never followed by a status query. */
function judgePolling(calls: ShopCall[], minMs: number, found: FindingList): void {
  const byTransaction = new Map<string, ShopCall[]>();
  for (const call of calls)
    if (call.operation === 'getStatus' && call.transactionID) {
      const list = byTransaction.get(call.transactionID) ?? [];
      list.push(call);
      byTransaction.set(call.transactionID, list);
    }
  for (const [tx, list] of byTransaction) {
    const fast: number[] = [];
    let shortest = Infinity;
    for (let index = 1; index < list.length; index++) {
      const gap = Date.parse(list[index]!.receivedAt) - Date.parse(list[index - 1]!.receivedAt);
      if (gap < minMs) {
        fast.push(list[index - 1]!.seq, list[index]!.seq);
        shortest = Math.min(shortest, gap);
      }
    }
    if (fast.length)
      found.add(
        'status-polled-too-fast',
        'Status query limits',
        fast,
        tx,
        [
          'statusPolledTooFast',
          { transactionID: tx, count: new Set(fast).size, minMs, gapMs: Math.max(0, Math.round(shortest)) },
        ],
        ['statusPolledTooFastFix', { minMs }],
      );
  }
  for (const call of calls) {
    const tx = call.transactionID;
    if (!tx || call.operation === null || call.operation === 'createOrder' || !isOutcomeUnknown(call)) continue;
    const checked = (byTransaction.get(tx) ?? []).some((later) => later.seq > call.seq && !isOutcomeUnknown(later));
    if (!checked)
      found.add(
        'outcome-never-checked',
        'Status query limits',
        [call.seq],
        tx,
        ['outcomeNeverChecked', { operation: operationName(call), transactionID: tx, answer: describeAnswer(call) }],
        ['outcomeNeverCheckedFix', {}],
      );
  }
}

/** Follow-ups sent on a transaction the shop had already been told is final (by an answer or a notification). */
function judgeFinalFollowUps(entries: ShopTrafficEntry[], found: FindingList): void {
  const finalSeen = new Map<string, { status: string; seq: number }>();
  for (const entry of entries) {
    if (entry.kind === 'notification') {
      // Told only once the shop answered it (a notification that never arrived tells nothing).
      if (entry.answer && isFinalPaymentStatus(entry.paymentStatus) && !finalSeen.has(entry.transactionID))
        finalSeen.set(entry.transactionID, { status: entry.paymentStatus, seq: entry.seq });
      continue;
    }
    const tx = entry.transactionID;
    if (!tx) continue;
    const known = finalSeen.get(tx);
    if (known && entry.operation !== null && FOLLOW_UPS.has(entry.operation))
      found.add(
        'follow-up-on-final',
        'States and transitions',
        [known.seq, entry.seq],
        tx,
        ['followUpOnFinal', { operation: operationName(entry), transactionID: tx, paymentStatus: known.status }],
        ['followUpOnFinalFix', {}],
      );
    if (!known && entry.paymentStatus && isFinalPaymentStatus(entry.paymentStatus))
      finalSeen.set(tx, { status: entry.paymentStatus, seq: entry.seq });
  }
}

const urlOf = (text: string): URL | null => {
  try {
    return new URL(text);
  } catch {
    return null;
  }
};

const answerShown = (entry: ShopNotification): string =>
  entry.answer ? `HTTP ${entry.answer.status} ${entry.answer.body.slice(0, 120)}` : 'no answer';

function judgeAcks(notifications: ShopNotification[], deadlineMs: number, found: FindingList): void {
  const byId = new Map<string, ShopNotification[]>();
  const urls = new Map<string, number[]>();
  for (const entry of notifications) {
    const list = byId.get(entry.notificationID) ?? [];
    list.push(entry);
    byId.set(entry.notificationID, list);
    const seqs = urls.get(entry.url) ?? [];
    seqs.push(entry.seq);
    urls.set(entry.url, seqs);
    const id = entry.notificationID;
    // The gateway stops waiting at the deadline: no answer by then is a late acknowledgement, not a missing one.
    const timedOut = !entry.answer && entry.durationMs >= deadlineMs * 0.98;
    if (!entry.answer && !timedOut)
      found.add(
        'ack-missing',
        'Merchant notifications',
        [entry.seq],
        entry.transactionID,
        ['ackMissing', { notificationID: id, problem: entry.ackProblem ?? 'no-response' }],
        ['ackMissingFix', {}],
      );
    else if (entry.answer && !entry.acknowledged)
      found.add(
        'ack-wrong-shape',
        'Merchant notifications',
        [entry.seq],
        entry.transactionID,
        ['ackWrongShape', { notificationID: id, problem: entry.ackProblem ?? 'invalid', answer: answerShown(entry) }],
        ['ackWrongShapeFix', {}],
      );
    if ((entry.answer && entry.durationMs > deadlineMs) || timedOut)
      found.add(
        'ack-late',
        'Merchant notifications',
        [entry.seq],
        entry.transactionID,
        ['ackLate', { notificationID: id, durationMs: Math.round(entry.durationMs), limitMs: deadlineMs }],
        ['ackLateFix', {}],
      );
  }
  for (const [id, list] of byId) {
    const answered = list.filter((entry) => entry.answer !== null);
    const kinds = new Set(
      answered.map((entry) => (entry.acknowledged ? 'ack' : `no:${entry.answer!.status}:${entry.ackProblem}`)),
    );
    if (kinds.size > 1)
      found.add(
        'ack-inconsistent',
        'Merchant notifications',
        answered.map((entry) => entry.seq),
        list[0]!.transactionID,
        [
          'ackInconsistent',
          {
            notificationID: id,
            answers: answered.map((entry) => (entry.acknowledged ? 'acknowledged' : answerShown(entry))).join(' / '),
          },
        ],
        ['ackInconsistentFix', {}],
      );
  }
  for (const [url, seqs] of urls) {
    const parsed = urlOf(url);
    if (parsed?.protocol === 'https:') continue;
    // On this machine (a Sandbox under test) plain http is a readiness warning; elsewhere it exposes payments.
    const loopback = parsed !== null && LOOPBACK_HOST.test(parsed.hostname);
    found.add(
      'webhook-not-https',
      'Production readiness',
      seqs.slice(0, 20),
      null,
      ['webhookNotHttps', { url }],
      ['webhookNotHttpsFix', {}],
      loopback ? 'warning' : 'error',
    );
  }
}
