/** The shop's go-live checklist (issue 29 §5): items filled from traffic, and its HTML / JSON / JUnit forms. */
import { describe, expect, it } from 'vitest';
import {
  certify,
  certifyBySource,
  certificationHtml,
  certificationJunit,
  renderCertification,
  type CertificationItem,
  type CertificationItemId,
} from '../../../src-shared/shop/certification';
import { findShopProblems } from '../../../src-shared/shop/findings';
import type { ShopTrafficEntry } from '../../../src-shared/shop/traffic';
import { call, create, followUp, note } from './traffic-builders';

const statusOf = (entries: ShopTrafficEntry[]) =>
  Object.fromEntries(certify(entries, findShopProblems(entries)).items.map((item) => [item.id, item.status]));

describe('certify', () => {
  it('marks every item not exercised for empty traffic, and passed overall', () => {
    const report = certify([], []);
    expect(report.items.every((item) => item.status === 'not-exercised')).toBe(true);
    expect(report.passed).toBe(true);
  });

  it('passes what well-behaved traffic exercised, with its evidence', () => {
    const entries = [
      create(1, 'o-1', { response: { status: 503, headers: {}, body: '{}', fault: 'http-503' }, statusCode: null }),
      call(2, { paymentStatus: 'Declined' }),
      note(3, { paymentStatus: 'Declined' }),
      note(4, { paymentStatus: 'Declined', notificationID: 'n-3', copy: true }),
    ];
    const report = certify(entries, findShopProblems(entries));
    const item = (id: string) => report.items.find((entry) => entry.id === id)!;
    expect(item('handles-declined')).toMatchObject({ status: 'pass', evidenceSeqs: [2, 3, 4] });
    expect(item('no-resend-after-unknown')).toMatchObject({ status: 'pass', evidenceSeqs: [1] });
    expect(item('duplicate-notifications')).toMatchObject({ status: 'pass', evidenceSeqs: [3, 4] });
    expect(item('handles-timeout').status).toBe('not-exercised');
    expect(report.passed).toBe(true);
  });

  it('fails the item a mistake breaks, and only that one (create resent after a 503)', () => {
    const entries = [
      create(1, 'o-1', { response: { status: 503, headers: {}, body: '{}', fault: 'http-503' }, statusCode: null }),
      create(2, 'o-1'),
    ];
    const status = statusOf(entries);
    expect(status['no-resend-after-unknown']).toBe('fail');
    expect(Object.values(status).filter((value) => value === 'fail')).toHaveLength(1);
  });

  it('fails handles-declined on a follow-up after Declined, and out-of-order when the stale notification is refused', () => {
    expect(statusOf([call(1, { paymentStatus: 'Declined' }), followUp(2, 's2tx1')])['handles-declined']).toBe('fail');
    const refusedStale = [
      note(1, { paymentStatus: 'Success' }),
      note(2, {
        paymentStatus: 'InProcessing',
        acknowledged: false,
        ackProblem: 'http-status',
        answer: { status: 409, body: 'stale', bodyTruncated: false },
      }),
    ];
    expect(statusOf(refusedStale)['out-of-order-notifications']).toBe('fail');
    expect(
      statusOf([note(1, { paymentStatus: 'Success' }), note(2, { paymentStatus: 'InProcessing' })])[
        'out-of-order-notifications'
      ],
    ).toBe('pass');
  });

  it('fails polling discipline for polls 50 ms apart and headers for a missing one', () => {
    const polls = [0, 50, 100].map((ms, index) => call(index + 1, { atMs: ms }));
    const noClient = create(4, 'o-4');
    delete noClient.request.headers['x-platform-client-id'];
    const status = statusOf([...polls, noClient]);
    expect(status['polling-discipline']).toBe('fail');
    expect(status['request-headers']).toBe('fail');
    expect(status['request-bodies']).toBe('pass');
  });
});

describe('certify per source: the shop world and a recording-proxy session', () => {
  const viaProxy = <T extends ShopTrafficEntry>(entry: T): T => ({ ...entry, via: 'proxy', worldId: 'proxy-1' });
  const items = (judged: ReturnType<typeof certifyBySource>, via: 'world' | 'proxy') =>
    Object.fromEntries(
      judged.find((source) => source.source.via === via)!.report.items.map((item) => [item.id, item]),
    ) as Record<CertificationItemId, CertificationItem>;

  it('a Declined seen through the proxy passes no item of the world’s checklist, and the world’s mistake fails none of the proxy’s', () => {
    const entries = [
      // The world: a create answered 503, sent again (a duplicate-payment risk), then a status Timeout.
      create(1, 'o-1', { response: { status: 503, headers: {}, body: '{}', fault: 'http-503' }, statusCode: null }),
      create(2, 'o-1'),
      call(3, { paymentStatus: 'Timeout' }),
      // The proxy: a Declined, handled well (acknowledged, no follow-up), and an order id the world used too.
      viaProxy(create(4, 'o-1')),
      viaProxy(call(5, { paymentStatus: 'Declined' })),
      viaProxy(note(6, { paymentStatus: 'Declined' })),
    ];
    const judged = certifyBySource(entries);
    expect(judged.map((source) => source.source)).toEqual([
      { via: 'world', worldId: 'w' },
      { via: 'proxy', worldId: 'proxy-1' },
    ]);
    const world = items(judged, 'world');
    const proxy = items(judged, 'proxy');
    // Declined was only exercised through the proxy.
    expect(world['handles-declined']).toMatchObject({ status: 'not-exercised', evidenceSeqs: [] });
    expect(proxy['handles-declined']).toMatchObject({ status: 'pass', evidenceSeqs: [5, 6] });
    // The resend happened on the world: it fails there, and the proxy's item was never exercised.
    expect(world['no-resend-after-unknown']).toMatchObject({ status: 'fail', evidenceSeqs: [1, 2] });
    expect(proxy['no-resend-after-unknown'].status).toBe('not-exercised');
    // Timeout only on the world; notifications only through the proxy.
    expect(world['handles-timeout'].status).toBe('pass');
    expect(proxy['handles-timeout'].status).toBe('not-exercised');
    expect(world['ack-shape'].status).toBe('not-exercised');
    expect(proxy['ack-shape']).toMatchObject({ status: 'pass', evidenceSeqs: [6] });
    // o-1 on the world and again through the proxy is no reuse: neither's request bodies fail.
    expect(world['request-bodies'].status).toBe('pass');
    expect(proxy['request-bodies'].status).toBe('pass');
    // Evidence never crosses: each checklist cites only its own source's entries.
    const cited = (via: 'world' | 'proxy') =>
      Object.values(via === 'world' ? world : proxy).flatMap((item) => item.evidenceSeqs);
    expect(new Set(cited('world'))).toEqual(new Set([1, 2, 3]));
    expect(new Set(cited('proxy'))).toEqual(new Set([4, 5, 6]));
    expect(judged.map((source) => source.report.passed)).toEqual([false, true]);
  });

  it('certify refuses traffic of two sources in one report, and each report names its source', () => {
    expect(() => certify([call(1), viaProxy(call(2))], [])).toThrow(/one source/);
    const [proxy] = certifyBySource([viaProxy(call(1))]);
    expect(proxy!.report.source).toEqual({ via: 'proxy', worldId: 'proxy-1' });
    expect(certificationJunit(proxy!.report)).toContain(
      '<property name="source" value="recording proxy session &quot;proxy-1&quot;"/>',
    );
    expect(certificationHtml(proxy!.report, proxy!.entries)).toContain(
      'Certifies the traffic of the <strong>recording proxy session &quot;proxy-1&quot;</strong>, and only that.',
    );
    expect(JSON.parse(renderCertification('json', proxy!.report, proxy!.entries)).source).toEqual({
      via: 'proxy',
      worldId: 'proxy-1',
    });
    expect(certify([], []).source).toBeNull();
  });
});

describe('certification reports', () => {
  const hostile = '</pre><script>alert(1)</script><img src=x onerror=alert(2)>';
  const entries = [
    create(1, hostile, { response: { status: 503, headers: {}, body: hostile, fault: 'http-503' }, statusCode: null }),
    create(2, hostile),
    note(3, {
      url: `http://shop.example/${hostile}`,
      acknowledged: false,
      ackProblem: 'body-not-json',
      answer: { status: 200, body: hostile, bodyTruncated: false },
    }),
  ];
  const findings = findShopProblems(entries);
  const report = certify(entries, findings);

  it('HTML: a hostile shop’s values stay text (no markup, no script), and the page has no script of its own', () => {
    const html = certificationHtml(report, entries);
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain("default-src 'none'");
    expect(html).toMatch(/No resend|resend a create/);
  });

  it('JUnit: one testcase per item, failures carry the finding and its fix, well-formed with hostile text', () => {
    const xml = certificationJunit(report);
    expect(xml.match(/<testcase /g)).toHaveLength(report.items.length);
    expect(xml).toContain(`failures="${report.counts.fail}"`);
    expect(xml).not.toContain('<script>');
    expect(xml).toMatch(
      /<failure message="Does not resend a create[^"]*failed">Errors: Create order for merchantTransactionId/,
    );
  });

  it('JSON: the report with items, findings and English texts; card numbers a shop sent are masked', () => {
    const card = create(1, 'o-1');
    card.request.body = card.request.body!.replace('Test order', '4111 1111 1111 1111');
    const json = JSON.parse(renderCertification('json', certify([card], []), [card])) as { items: unknown[] };
    expect(json.items).toHaveLength(10);
    const htmlText = renderCertification('html', certify([card], []), [card]);
    expect(htmlText).not.toContain('4111 1111 1111 1111');
  });
});
