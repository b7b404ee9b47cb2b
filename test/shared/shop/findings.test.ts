/**
 * The findings engine (issue 29 §2) on hand-made traffic: each rule fires on the mistake it names (with
 * the interface section and its evidence) and stays quiet on the well-behaved version of the same traffic.
 */
import { describe, expect, it } from 'vitest';
import { findShopProblems, type ShopFindingCode } from '../../../src-shared/shop/findings';
import { SHOP_TEXTS } from '../../../src-shared/shop/shop-text';
import type { ShopTrafficEntry } from '../../../src-shared/shop/traffic';
import { call, create, followUp, note } from './traffic-builders';

const codes = (entries: ShopTrafficEntry[]) => findShopProblems(entries).map((finding) => finding.code);
const only = (entries: ShopTrafficEntry[], code: ShopFindingCode) =>
  findShopProblems(entries).filter((finding) => finding.code === code);

describe('findShopProblems', () => {
  it('finds nothing in well-behaved traffic', () => {
    expect(
      codes([
        create(1, 'order-1'),
        call(2),
        followUp(3, 's2tx1'),
        call(4),
        note(5),
        note(6, { notificationID: 'n-5', attempt: 2 }),
      ]),
    ).toEqual([]);
  });

  it('missing header: names the header, the call and the Authentication section', () => {
    const entry = create(1, 'order-1');
    delete entry.request.headers['x-platform-client-id'];
    const [finding] = only([entry], 'missing-header');
    expect(finding).toMatchObject({ section: 'Authentication', seqs: [1], severity: 'error' });
    expect(finding!.message).toBe('Create order was sent without the X-Platform-Client-Id header.');
    expect(finding!.fix.id).toBe('missingHeaderFix');
  });

  it('missing Content-Type on a bodiless status GET is a warning, on a create an error', () => {
    const status = call(1);
    delete status.request.headers['content-type'];
    const post = create(2, 'order-2');
    delete post.request.headers['content-type'];
    expect(only([status, post], 'missing-header').map((finding) => [finding.seqs[0], finding.severity])).toEqual([
      [1, 'warning'],
      [2, 'error'],
    ]);
  });

  it('wrong auth scheme: Bearer on a follow-up, Digest on a create', () => {
    const follow = followUp(1, 's2tx1', {
      request: {
        headers: { authorization: 'Bearer ••••x', 'x-platform-client-id': 'c', 'content-type': 'application/json' },
        authScheme: 'Bearer',
        body: '{}',
        bodyTruncated: false,
      },
    });
    const made = create(2, 'order-1');
    made.request.authScheme = 'Digest';
    const found = only([follow, made], 'wrong-auth-scheme');
    expect(found.map((finding) => finding.text.params)).toEqual([
      { operation: 'Reference generate', used: 'Bearer', expected: 'Digest' },
      { operation: 'Create order', used: 'Digest', expected: 'Bearer' },
    ]);
  });

  it('body rule violation: names the field and the rule (from the contract validators)', () => {
    const order = JSON.parse(create(1, 'x').request.body!) as { merchant: Record<string, unknown> };
    order.merchant.terminalId = '1000001';
    const bad = create(1, 'order-1');
    bad.request.body = JSON.stringify(order);
    const [finding] = only([bad], 'body-rule');
    expect(finding!.section).toBe('Resources');
    expect(finding!.text.params.field).toBe('merchant.terminalId');
    expect(finding!.message).toMatch(/merchant\.terminalId must be a JSON number/);
  });

  it('body rule violation: an MB WAY phone in the wrong shape', () => {
    const purchase = followUp(1, 's2tx1', {
      operation: 'mbwayPurchase',
      path: '/api/v2/payments/s2tx1/mbway-id/purchase',
    });
    purchase.request.body = JSON.stringify({ customerPhone: '+351912345678' });
    expect(only([purchase], 'body-rule')[0]!.text.params.field).toBe('customerPhone');
  });

  it('merchantTransactionId reused for two created orders', () => {
    const found = only(
      [create(1, 'order-1'), create(2, 'order-1', { transactionID: 's2other' })],
      'merchant-transaction-id-reused',
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ section: 'Create order', seqs: [1, 2] });
  });

  it('follow-up signed with another transaction’s signature, and with a signature nobody issued', () => {
    const foreign = followUp(1, 's2tx1', { signature: { matched: false, belongsTo: 's2tx2' } });
    const invented = followUp(2, 's2tx1', { signature: { matched: false, belongsTo: null } });
    expect(only([foreign], 'foreign-signature')[0]!.text.params.other).toBe('s2tx2');
    expect(codes([invented])).toEqual(['invalid-signature']);
  });

  it('status polled faster than the limit (every 50 ms), per transaction', () => {
    const polls = [0, 50, 100, 150].map((ms, index) => call(index + 1, { atMs: ms }));
    const [finding] = only(polls, 'status-polled-too-fast');
    expect(finding).toMatchObject({ section: 'Status query limits', transactionID: 's2tx1', seqs: [1, 2, 3, 4] });
    expect(finding!.text.params.gapMs).toBe(50);
    expect(codes([call(1, { atMs: 0 }), call(2, { atMs: 1_500 })])).toEqual([]);
  });

  it('status never queried after an outcome-unknown answer (503 on a follow-up)', () => {
    const failed = followUp(1, 's2tx1', { response: { status: 503, headers: {}, body: '{}', fault: 'http-503' } });
    expect(only([failed], 'outcome-never-checked')[0]!.text.params.answer).toBe('HTTP 503');
    expect(codes([failed, call(2)])).toEqual([]);
  });

  it('create resent after a 5xx or after no answer (duplicate-payment risk)', () => {
    const after503 = [
      create(1, 'order-1', { response: { status: 503, headers: {}, body: '{}', fault: 'http-503' }, statusCode: null }),
      create(2, 'order-1'),
    ];
    const afterTimeout = [create(3, 'order-2', { response: null }), create(4, 'order-2')];
    const found = only([...after503, ...afterTimeout], 'create-resent');
    expect(found.map((finding) => [finding.seqs, finding.text.params.answer, finding.section])).toEqual([
      [[1, 2], 'HTTP 503', 'Errors'],
      [[3, 4], 'no answer', 'Errors'],
    ]);
    expect(codes([after503[0]!, create(2, 'order-9')])).toEqual([]);
  });

  it('follow-up on a payment the shop already knew was final', () => {
    const found = only([call(1, { paymentStatus: 'Declined' }), followUp(2, 's2tx1')], 'follow-up-on-final');
    expect(found[0]).toMatchObject({ section: 'States and transitions', seqs: [1, 2] });
    expect(found[0]!.text.params.paymentStatus).toBe('Declined');
    expect(codes([call(1, { paymentStatus: 'Pending' }), followUp(2, 's2tx1')])).toEqual([]);
  });

  it('acknowledgement in the wrong shape, missing, or later than 5 s', () => {
    const wrong = note(1, {
      acknowledged: false,
      ackProblem: 'status-msg',
      answer: { status: 200, body: '{"statusCode":"200","statusMsg":"OK"}', bodyTruncated: false },
    });
    const none = note(2, { acknowledged: false, ackProblem: 'no-response', answer: null });
    const late = note(3, { durationMs: 6_200 });
    // The sender gave up at the deadline: that shop was late, not absent.
    const gaveUp = note(4, { acknowledged: false, ackProblem: 'no-response', answer: null, durationMs: 5_003 });
    expect(codes([gaveUp])).toEqual(['ack-late']);
    expect(codes([wrong, none, late])).toEqual(['ack-wrong-shape', 'ack-missing', 'ack-late']);
    expect(only([wrong], 'ack-wrong-shape')[0]!.section).toBe('Merchant notifications');
  });

  it('the same notification acknowledged differently twice', () => {
    const first = note(1, { notificationID: 'n-1' });
    const second = note(2, {
      notificationID: 'n-1',
      copy: true,
      acknowledged: false,
      ackProblem: 'http-status',
      answer: { status: 409, body: 'already seen', bodyTruncated: false },
    });
    const found = only([first, second], 'ack-inconsistent');
    expect(found[0]).toMatchObject({ seqs: [1, 2] });
  });

  it('webhook not HTTPS: an error for a public host, a warning on a loopback Sandbox', () => {
    const found = only(
      [note(1, { url: 'http://shop.example/hook' }), note(2, { url: 'http://127.0.0.1:8080/hook' })],
      'webhook-not-https',
    );
    expect(found.map((finding) => [finding.severity, finding.section])).toEqual([
      ['error', 'Production readiness'],
      ['warning', 'Production readiness'],
    ]);
  });

  it('a path outside the interface the simulator still served (its OpenAPI document) is only a warning', () => {
    const helper = call(1, { operation: null, path: '/openapi.json', transactionID: null });
    expect(only([helper], 'unknown-operation')[0]!.severity).toBe('warning');
  });

  it('a call to a path outside the interface', () => {
    const wrong = call(1, {
      operation: null,
      path: '/api/v2/payment',
      transactionID: null,
      response: { status: 404, headers: {}, body: '{}', fault: null },
    });
    expect(only([wrong], 'unknown-operation')[0]!.severity).toBe('error');
  });

  it('outside text stays data: a hostile merchantTransactionId is a parameter, never a key or markup', () => {
    const hostile = '__proto__<script>alert(1)</script>';
    const found = only(
      [create(1, hostile), create(2, hostile, { transactionID: 's2b' })],
      'merchant-transaction-id-reused',
    );
    expect(found[0]!.text.params.merchantTransactionId).toBe(hostile);
    expect(Object.getPrototypeOf(found[0]!.text.params)).toBe(Object.prototype);
  });

  it('every finding text and fix has an English wording', () => {
    for (const finding of findShopProblems([
      create(1, 'a', { response: null }),
      create(2, 'a'),
      note(3, { url: 'http://x.example' }),
    ]))
      expect(SHOP_TEXTS[finding.text.id] && SHOP_TEXTS[finding.fix.id]).toBeTruthy();
  });
});
