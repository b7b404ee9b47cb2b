/**
 * One sequence diagram per transaction a scenario touched, for the HTML report: the demo's model
 * (diagram/sequence-model.ts) fed with the run's exchanges and notifications, drawn as inline SVG by the
 * app's own renderer (diagram/sequence-svg.ts); the report carries no script.
 */
import { diagramExchangeOf, diagramMessages, type DiagramWords } from '../diagram/sequence-model';
import { sequenceSvg } from '../diagram/sequence-svg';
import type { ScenarioResult } from '../contract/qa';

/** The report is in English; the words are the demo's English ones (src-renderer i18n demo.diagram). */
export const REPORT_DIAGRAM_WORDS: DiagramWords = {
  participant: {
    shop: "Shop's server",
    gateway: 'Gateway',
    shopper: 'Shopper (phone or bank app)',
    receiver: 'Notification receiver',
  },
  operation: {
    createOrder: 'Create order',
    generateReference: 'Generate Multibanco reference',
    mbwayPurchase: 'MB WAY request',
    getStatus: 'Status query',
    performAction: 'Extra step (action)',
  },
  shopperAnswers: (method, status) =>
    method === 'REFERENCE'
      ? 'Shopper pays the reference (ATM or home banking)'
      : status === 'Success'
        ? 'Shopper approves in the MB WAY app'
        : method === 'MBWAY'
          ? `Shopper answers in the MB WAY app: ${status}`
          : `Shopper or bank: ${status}`,
  notification: (status, duplicate) =>
    duplicate ? `Notification again (same notificationID): ${status}` : `Notification (encrypted): ${status}`,
  acknowledged: 'HTTP 200, acknowledged',
  noAnswer: 'no answer',
  showReference: 'Shows entity and reference at checkout',
  mbwayOnPhone: 'MB WAY request appears on the phone',
};

export interface TransactionDiagram {
  transactionId: string;
  svg: string;
}

/** Diagrams in the order the scenario first touched each transaction; times in UTC like the report's. */
export function scenarioDiagrams(scenario: ScenarioResult, words: DiagramWords = REPORT_DIAGRAM_WORDS) {
  const exchanges = scenario.steps.flatMap((step) => step.exchanges);
  const notifications = scenario.steps.flatMap((step) => step.notifications);
  const ids = [
    ...new Set([
      ...exchanges.flatMap((exchange) => (exchange.transactionID ? [exchange.transactionID] : [])),
      ...notifications.flatMap((notification) => (notification.transactionId ? [notification.transactionId] : [])),
    ]),
  ];
  return ids.map((transactionId): TransactionDiagram => {
    const own = exchanges.filter((exchange) => exchange.transactionID === transactionId);
    // Step notifications carry no paymentMethod: the method the shopper answers on is the one the
    // transaction's own calls started (MB WAY request or reference), as far as the run shows.
    const started = own.findLast(
      (exchange) => exchange.operation === 'mbwayPurchase' || exchange.operation === 'generateReference',
    );
    const paymentMethod = started ? (started.operation === 'mbwayPurchase' ? 'MBWAY' : 'REFERENCE') : null;
    // A notification can be listed by several steps (each lists what arrived while it ran): once each.
    const bySeq = new Map(
      notifications
        .filter((notification) => notification.transactionId === transactionId)
        .map((notification) => [notification.seq, notification]),
    );
    const received = [...bySeq.values()].map((notification) => ({
      id: String(notification.seq),
      receivedAt: Date.parse(notification.receivedAt) || 0,
      paymentStatus: notification.paymentStatus,
      paymentMethod,
      duplicate: notification.duplicate,
    }));
    const messages = diagramMessages(own.map(diagramExchangeOf), received, words);
    return {
      transactionId,
      svg: sequenceSvg(messages, words, {
        title: `Sequence diagram of transaction ${transactionId}: ${messages.length} messages`,
        timeZone: 'UTC',
      }),
    };
  });
}
