import { describe, expect, it } from 'vitest';
import {
  diagramMessages,
  toMermaid,
  type DiagramExchange,
  type DiagramWords,
} from '../../../src-renderer/src/features/demo/sequence-diagram';

const words: DiagramWords = {
  participant: { shop: 'Shop', gateway: 'Gateway', shopper: 'Shopper', receiver: 'Receiver' },
  operation: {
    createOrder: 'Create',
    generateReference: 'Reference',
    mbwayPurchase: 'MB WAY',
    getStatus: 'Status',
    performAction: 'Action',
  },
  shopperAnswers: (method, status) => `answers ${method} ${status}`,
  notification: (status, duplicate) => `${duplicate ? 'again' : 'notify'} ${status}`,
  acknowledged: 'ack',
  noAnswer: 'none',
  showReference: 'shows reference',
  mbwayOnPhone: 'on phone',
};

const at = Date.UTC(2026, 10, 24, 10, 0, 0);
const exchange = (operation: DiagramExchange['operation'], offset: number, status: string): DiagramExchange => ({
  id: `${operation}-${offset}`,
  operation,
  method: operation === 'getStatus' ? 'GET' : 'POST',
  url: `http://127.0.0.1:1/api/v2/payments/s2abc/${operation}`,
  startedAtMs: at + offset,
  durationMs: 20,
  httpStatus: 200,
  statusCode: '000',
  paymentStatus: status,
  summary: '',
});

describe('sequence diagram of a transaction', () => {
  it('puts an MB WAY flow in time order: requests, replies, the shopper, the notification and its ack', () => {
    const messages = diagramMessages(
      // Recorded out of order on purpose: the diagram sorts by time.
      [
        exchange('getStatus', 9000, 'Success'),
        exchange('createOrder', 0, 'Pending'),
        exchange('mbwayPurchase', 1000, 'Pending'),
      ],
      [{ id: 'n1', receivedAt: at + 6000, paymentStatus: 'Success', paymentMethod: 'MBWAY', duplicate: false }],
      words,
    );
    expect(messages.map((m) => `${m.from}>${m.to} ${m.text.split(':')[0]}`)).toEqual([
      'shop>gateway Create',
      'gateway>shop HTTP 200 · 000 · Pending',
      'shop>gateway MB WAY',
      'gateway>shop HTTP 200 · 000 · Pending',
      'gateway>shopper on phone',
      'shopper>gateway answers MBWAY Success',
      'gateway>receiver notify Success',
      'receiver>gateway ack',
      'shop>gateway Status',
      'gateway>shop HTTP 200 · 000 · Success',
    ]);
    const source = toMermaid(messages, words, 'UTC');
    expect(source.split('\n').slice(0, 5)).toEqual([
      'sequenceDiagram',
      '  participant shop as Shop',
      '  participant gateway as Gateway',
      '  participant shopper as Shopper',
      '  participant receiver as Receiver',
    ]);
    expect(source).toContain('shop->>gateway: 10:00:00 Create: POST /api/v2/payments/{id}/createOrder');
    expect(source).toContain('receiver-->>gateway: 10:00:06 ack');
  });

  it("the extra step is the shopper's browser talking to the gateway; a reference is shown to the shopper", () => {
    const messages = diagramMessages(
      [exchange('performAction', 0, 'Success'), exchange('generateReference', 5, 'Pending')],
      [],
      words,
    );
    expect(messages[0]).toMatchObject({ from: 'shopper', to: 'gateway' });
    expect(messages.some((m) => m.from === 'shop' && m.to === 'shopper' && m.text === 'shows reference')).toBe(true);
  });

  it('keeps Mermaid-special characters out of message text', () => {
    const source = toMermaid([{ at, from: 'shop', to: 'gateway', reply: false, text: 'a;b#c<d>' }], words, 'UTC');
    expect(source).toContain('10:00:00 a b c d');
  });
});
