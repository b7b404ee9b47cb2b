/**
 * A transaction as a sequence diagram: who said what to whom, and when — the shop's server, the
 * gateway, the shopper's phone or bank app and the notification receiver — built only from what was
 * recorded (exchanges and notifications, with their times). A typed model, drawn by one renderer
 * (sequence-svg.ts) for the app and for QA reports: its texts are only ever data, never diagram syntax.
 * Pure: the renderer and the main process share it.
 */
import type { Exchange, GatewayOperation } from '../exchange';
import { offsetInForceAt, steadyClockOffsets } from '../gateway/steady-clock';

export type Participant = 'shop' | 'gateway' | 'shopper' | 'receiver';
export const PARTICIPANTS: readonly Participant[] = ['shop', 'gateway', 'shopper', 'receiver'];

/** The parts of a recorded exchange the diagram reads. */
export interface DiagramExchange {
  id: string;
  operation: GatewayOperation;
  method: string;
  url: string;
  /** This machine's clock. */
  startedAtMs: number;
  durationMs: number;
  /**
   * The gateway's clock minus this machine's, from the answer's Date header (0 / absent on real time).
   * The diagram's times are the gateway's: a Sandbox moved +1 h shows its calls an hour later.
   */
  clockOffsetMs?: number;
  httpStatus: number | null;
  statusCode: string | null;
  paymentStatus: string | null;
  summary: string;
}

/** A recorded exchange as the diagram reads it. */
export const diagramExchangeOf = (exchange: Exchange): DiagramExchange => ({
  id: exchange.id,
  operation: exchange.operation,
  method: exchange.method,
  url: exchange.url,
  startedAtMs: Date.parse(exchange.timings.startedAt) || 0,
  durationMs: exchange.timings.durationMs,
  ...(exchange.gatewayClockOffsetMs ? { clockOffsetMs: exchange.gatewayClockOffsetMs } : {}),
  httpStatus: exchange.response?.status ?? null,
  statusCode: exchange.returnStatus?.statusCode ?? null,
  paymentStatus: exchange.paymentStatus,
  summary: exchange.summary,
});

/** The parts of a received notification the diagram reads. */
export interface DiagramNotification {
  id: string;
  receivedAt: number;
  paymentStatus: string | null;
  paymentMethod: string | null;
  duplicate: boolean;
}

export interface DiagramMessage {
  at: number;
  from: Participant;
  to: Participant;
  /** A reply (dashed arrow). */
  reply: boolean;
  text: string;
}

/** The words the diagram uses, from the i18n catalogue (so a Portuguese demo gets a Portuguese picture). */
export interface DiagramWords {
  participant: Record<Participant, string>;
  operation: Record<GatewayOperation, string>;
  /** `{status}` is the paymentStatus reached. */
  shopperAnswers: (method: string | null, status: string) => string;
  notification: (status: string, duplicate: boolean) => string;
  acknowledged: string;
  noAnswer: string;
  showReference: string;
  mbwayOnPhone: string;
}

const FINAL = new Set(['Success', 'Declined', 'Error', 'Timeout', 'Expired']);

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname.replace(/\/payments\/[^/]+/, '/payments/{id}');
  } catch {
    return url;
  }
};

const answerText = (exchange: DiagramExchange, noAnswer: string) => {
  if (exchange.httpStatus === null) return noAnswer;
  const parts = [`HTTP ${exchange.httpStatus}`];
  if (exchange.statusCode) parts.push(exchange.statusCode);
  if (exchange.paymentStatus) parts.push(exchange.paymentStatus);
  return parts.join(' · ');
};

/** Every message, in time order on the gateway's clock (ties keep the order they were recorded in). */
export function diagramMessages(
  exchanges: readonly DiagramExchange[],
  notifications: readonly DiagramNotification[],
  words: DiagramWords,
): DiagramMessage[] {
  const messages: DiagramMessage[] = [];
  // Each call on the gateway's clock, with offsets a header's second apart read as one clock.
  const placed = steadyClockOffsets(
    exchanges,
    (exchange) => exchange.startedAtMs,
    // No offset stated: real time. A damaged one (not a number) is left to steadyClockOffsets, which keeps
    // the clock in force for it rather than letting it move the clock.
    (exchange) => exchange.clockOffsetMs ?? 0,
  );
  for (const [exchange, offset] of placed) {
    const start = exchange.startedAtMs + offset;
    const end = start + Math.max(0, Math.round(exchange.durationMs));
    // The extra step of an actionResponse is the shopper's browser talking to the gateway.
    const caller: Participant = exchange.operation === 'performAction' ? 'shopper' : 'shop';
    messages.push({
      at: start,
      from: caller,
      to: 'gateway',
      reply: false,
      text: `${words.operation[exchange.operation]}: ${exchange.method} ${pathOf(exchange.url)}`,
    });
    messages.push({ at: end, from: 'gateway', to: caller, reply: true, text: answerText(exchange, words.noAnswer) });
    const ok = exchange.httpStatus === 200 && exchange.statusCode === '000';
    if (ok && exchange.operation === 'mbwayPurchase')
      messages.push({ at: end, from: 'gateway', to: 'shopper', reply: false, text: words.mbwayOnPhone });
    if (ok && exchange.operation === 'generateReference')
      messages.push({ at: end, from: 'shop', to: 'shopper', reply: false, text: words.showReference });
  }
  const answered = new Set<string>();
  for (const notification of notifications) {
    const status = notification.paymentStatus ?? '?';
    // A notification carries no Date header: it is placed on the clock of the call in force when it came.
    const receivedAt =
      notification.receivedAt + offsetInForceAt(placed, (exchange) => exchange.startedAtMs, notification.receivedAt);
    // The shopper's (or bank's) answer is not recorded by itself: the first notification of a final
    // status after an MB WAY request or a reference is where it shows.
    const shopperMethod = notification.paymentMethod === 'MBWAY' || notification.paymentMethod === 'REFERENCE';
    if (
      shopperMethod &&
      FINAL.has(status) &&
      status !== 'Expired' &&
      !answered.has(status) &&
      !notification.duplicate
    ) {
      answered.add(status);
      messages.push({
        at: receivedAt - 1,
        from: 'shopper',
        to: 'gateway',
        reply: false,
        text: words.shopperAnswers(notification.paymentMethod, status),
      });
    }
    messages.push({
      at: receivedAt,
      from: 'gateway',
      to: 'receiver',
      reply: false,
      text: words.notification(status, notification.duplicate),
    });
    messages.push({
      at: receivedAt,
      from: 'receiver',
      to: 'gateway',
      reply: true,
      text: words.acknowledged,
    });
  }
  // Stable: equal times keep insertion order (a request before its reply).
  return messages
    .map((message, index) => ({ message, index }))
    .sort((a, b) => a.message.at - b.message.at || a.index - b.index)
    .map(({ message }) => message);
}
