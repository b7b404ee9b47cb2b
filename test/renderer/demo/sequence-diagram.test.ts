import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { ref } from 'vue';
import { sequenceSvg } from '@shared/diagram/sequence-svg';
import { useHistoryDb } from '../../../src-renderer/src/db/history-db';
import { recordExchange } from '../../../src-renderer/src/db/history-writer';
import {
  diagramMessages,
  type DiagramExchange,
  type DiagramMessage,
  type DiagramWords,
} from '../../../src-renderer/src/services/sequence-diagram';
import { useSequenceDiagram } from '../../../src-renderer/src/composables/use-sequence-diagram';
import { lookupProfile, statusExchange } from '../db/fixtures';

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
    const drawn = read(sequenceSvg(messages, words, { title: 'MB WAY flow', timeZone: 'UTC' }));
    expect(drawn.participants).toEqual(['Shop', 'Gateway', 'Shopper', 'Receiver']);
    expect(drawn.messages[0]).toBe('10:00:00 Create: POST /api/v2/payments/{id}/createOrder');
    expect(drawn.messages[7]).toBe('10:00:06 ack');
    expect(drawn.messages).toHaveLength(messages.length);
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

  it('draws message text exactly as recorded, as text', () => {
    const drawn = read(
      sequenceSvg([{ at, from: 'shop', to: 'gateway', reply: false, text: 'a;b#c<d>&"e"' }], words, {
        title: 't',
        timeZone: 'UTC',
      }),
    );
    expect(drawn.messages).toEqual(['10:00:00 a;b#c<d>&"e"']);
  });
});

/** What a reader of the diagram sees: its participants and message lines, and everything that is not text. */
function read(svg: string) {
  expect(XMLValidator.validate(svg)).toBe(true);
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const texts = (selector: string) => [...doc.querySelectorAll(selector)].map((node) => node.textContent ?? '');
  const elements = [...doc.querySelectorAll('*')].map((node) => node.tagName.toLowerCase());
  const attributes = [...doc.querySelectorAll('*')].flatMap((node) => [...node.attributes].map((attr) => attr.name));
  return {
    participants: texts('text.participant'),
    messages: texts('text.message'),
    elements: [...new Set(elements)].sort(),
    attributes: [...new Set(attributes)].sort(),
  };
}

/** A Mermaid directive that hides every message and restyles the diagram, as a gateway could send it. */
const DIRECTIVE = '%%{init: {"themeCSS": ".messageText{display:none} .actor{fill:red}", "securityLevel": "loose"}}%%';

describe('no outside text becomes a directive, style, link or markup in a diagram', () => {
  it('defect: a gateway statusCode holding a Mermaid %%{init}%% directive restyled the diagram and could hide every message', async () => {
    const db = useHistoryDb();
    const transactionId = 's2directive';
    const hostile = statusExchange(transactionId, 'Pending', at);
    hostile.returnStatus = {
      statusCode: `${DIRECTIVE}\n<a href="http://evil">click</a><style>*{display:none}</style>`,
    };
    await recordExchange(db, hostile, lookupProfile);
    await recordExchange(db, statusExchange(transactionId, 'Success', at + 5000), lookupProfile);

    const diagram = useSequenceDiagram(ref(transactionId), ref(0));
    await expect.poll(() => diagram.svg.value ?? diagram.error.value, { timeout: 10_000 }).toBeTruthy();
    expect(diagram.error.value).toBeNull();
    const drawn = read(diagram.svg.value!);
    // Every message is drawn, and the hostile code is shown as the text it is.
    expect(drawn.messages).toHaveLength(diagram.messages.value.length);
    expect(drawn.messages).toHaveLength(4);
    expect(drawn.messages.some((text) => text.includes(DIRECTIVE) && text.includes('<style>'))).toBe(true);
    // Nothing but the renderer's own shapes and text: no style, link, script, foreign markup or event handler.
    expect(drawn.elements).toEqual(['line', 'polygon', 'rect', 'svg', 'text', 'title']);
    expect(drawn.attributes.filter((name) => /^(style|href|xlink:href|on.*|class)$/.test(name))).toEqual(['class']);
  });

  // happy-dom's DOMParser takes a few milliseconds a diagram: a generous limit, not a speed check.
  it(
    'property: any message or participant text is drawn as exactly that text, with no markup of its own',
    { timeout: 60_000 },
    () => {
      const hostile = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc
          .array(
            fc.constantFrom(
              DIRECTIVE,
              '%%',
              '{',
              '}',
              ';',
              '#',
              '<',
              '>',
              '&',
              '"',
              "'",
              ']]>',
              '<!--',
              '\n',
              ':',
              'click x "http://e"',
              'style x fill:red',
              'a',
            ),
            { maxLength: 8 },
          )
          .map((parts) => parts.join('')),
      );
      const participant = fc.constantFrom(...(['shop', 'gateway', 'shopper', 'receiver'] as const));
      const message = fc.record({ from: participant, to: participant, reply: fc.boolean(), text: hostile });
      fc.assert(
        fc.property(fc.array(message, { minLength: 1, maxLength: 5 }), hostile, (list, name) => {
          const messages: DiagramMessage[] = list.map((item, index) => ({ ...item, at: at + index * 1000 }));
          const drawn = read(
            sequenceSvg(
              messages,
              { ...words, participant: { ...words.participant, gateway: name } },
              { title: name, timeZone: 'UTC' },
            ),
          );
          expect(drawn.elements.every((tag) => ['line', 'polygon', 'rect', 'svg', 'text', 'title'].includes(tag))).toBe(
            true,
          );
          expect(drawn.attributes.filter((attr) => /^(style|href|xlink:href|on.*)$/.test(attr))).toEqual([]);
          expect(drawn.messages).toHaveLength(messages.length);
          expect(drawn.participants).toHaveLength(4);
          // Text XML can carry comes back as it was; the rest is shown as [U+XXXX].
          const carried = (text: string) =>
            // eslint-disable-next-line no-control-regex -- what XML 1.0 cannot carry
            !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff\r]/.test(text);
          messages.forEach((item, index) => {
            if (carried(item.text)) expect(drawn.messages[index]!.endsWith(` ${item.text}`)).toBe(true);
          });
          if (carried(name)) expect(drawn.participants[1]).toBe(name);
        }),
        { numRuns: 200 },
      );
    },
  );
});
