import { describe, expect, it } from 'vitest';
import { validateOrder } from '@shared/gateway/order-schema';
import { formatRemaining } from '../../../src-renderer/src/composables/countdown';
import { buildCreateOrderCurl } from '../../../src-renderer/src/features/orders/curl';
import { getPath, setPath } from '../../../src-renderer/src/services/draft-paths';
import { parseInput } from '../../../src-renderer/src/features/orders/field-codec';
import {
  defaultDraft,
  generateMerchantTransactionId,
  nowTimestamp,
} from '../../../src-renderer/src/services/order-defaults';
import { toE164 } from '../../../src-renderer/src/features/orders/phone';

describe('phone input', () => {
  it.each([
    ['+351 912 345 678', '+351912345678'],
    ['912345678', '+351912345678'],
    ['912-345-678', '+351912345678'],
    ['00351912345678', '+351912345678'],
    ['351912345678', '+351912345678'],
    ['351#912345678', '+351912345678'],
    ['+34 612 34 56 78', '+34612345678'],
  ])('reads %s as %s', (typed, e164) => expect(toE164(typed)).toBe(e164));

  it.each(['', 'abc', '+0123', '+1234567890123456', '12'])('cannot read %j', (typed) =>
    expect(toE164(typed)).toBeNull(),
  );

  it('keeps unreadable text as typed so the schema names the problem', () => {
    expect(parseInput('phone', '12ab')).toBe('12ab');
    expect(parseInput('phone', '   ')).toBeUndefined();
    expect(parseInput('number', '10.50')).toBe(10.5);
    expect(parseInput('number', '1e3')).toBe('1e3');
    expect(parseInput('text', '')).toBeUndefined();
  });
});

describe('draft paths', () => {
  it('sets by path, creating objects, and removes a key with undefined', () => {
    const draft: Record<string, unknown> = {};
    setPath(draft, 'customer.customerInfo.customerName', 'Ana');
    expect(draft).toEqual({ customer: { customerInfo: { customerName: 'Ana' } } });
    setPath(draft, 'customer.customerInfo.customerName', undefined);
    expect(draft).toEqual({ customer: { customerInfo: {} } });
    expect(getPath({ list: [{ key: 'a' }] }, 'list.0.key')).toBe('a');
  });
});

describe('defaults and helpers', () => {
  it('the prefilled drafts pass the shared validation for each variant', () => {
    expect(validateOrder('A', defaultDraft('A', '1000001')).issues).toEqual([]);
    expect(validateOrder('B', defaultDraft('B', '1000002')).issues).toEqual([]);
  });

  it('generated merchant transaction ids are distinct and fit the 36 characters the gateway echoes', () => {
    const ids = new Set(Array.from({ length: 50 }, () => generateMerchantTransactionId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(36);
  });

  it('"now" is an ISO 8601 date-time with an offset', () => {
    expect(nowTimestamp(new Date('2026-03-04T05:06:07.890Z'))).toBe('2026-03-04T05:06:07Z');
  });

  it('formats the expiry countdown', () => {
    expect(formatRemaining(0)).toBe('expired');
    expect(formatRemaining(-5)).toBe('expired');
    expect(formatRemaining(59_000)).toBe('00:59');
    expect(formatRemaining(3_723_000)).toBe('1 h 02:03');
    expect(formatRemaining(3 * 86_400_000)).toBe('3 days');
  });
});

describe('copy as cURL', () => {
  const target = {
    baseUrl: 'https://gw.example.com/',
    pathPrefix: '/api',
    version: 'v2',
    clientIdHeader: 'X-Vendor-Client-Id',
  };

  it('uses placeholders for both secrets and the profile’s client-id header name', () => {
    const curl = buildCreateOrderCurl(target, { a: 1 });
    expect(curl).toContain(`curl -X POST 'https://gw.example.com/api/v2/payments'`);
    expect(curl).toContain(`-H 'Authorization: Bearer '"$GATEWAY_TOKEN"`);
    expect(curl).toContain(`-H 'X-Vendor-Client-Id: '"$GATEWAY_CLIENT_ID"`);
  });

  it('quotes the body so the shell expands nothing in it', () => {
    const curl = buildCreateOrderCurl(target, { description: "O'Brien's $HOME `id`" });
    const body = curl.slice(curl.indexOf('--data-raw ') + '--data-raw '.length);
    // Undo the shell's single-quote escaping: what the shell passes on is exactly the JSON.
    const unquoted = body.slice(1, -1).replace(/'"'"'/g, "'");
    expect(JSON.parse(unquoted)).toEqual({ description: "O'Brien's $HOME `id`" });
  });
});
