/** The findings engine on traffic a real world captured from a careless shop (issue 29 §2). */
import { afterEach, expect, it } from 'vitest';
import { findShopProblems } from '../../../src-shared/shop/findings';
import { Harness, validOrderA } from '../simulator/harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it('a careless shop’s captured traffic yields its mistakes as findings, with evidence seqs of real entries', async () => {
  h = await Harness.start();
  const first = await h.order('A');
  // Reuses merchantTransactionId order-1 for a second order (validOrderA's id).
  const second = await h.order('A');
  // Polls the status back to back, and signs a follow-up with the other order's signature.
  await h.status(first.id);
  await h.status(first.id);
  await h.reference(second.id, first.signature);
  // Omits the client-id header.
  await h.create(validOrderA(), 'A', { [h.sim.clientIdHeader]: undefined });
  const traffic = h.sim.worlds.get('default')!.traffic.since(0).entries;
  const findings = findShopProblems(traffic, { clientIdHeader: h.sim.clientIdHeader });
  expect(findings.map((finding) => finding.code).sort()).toEqual([
    'foreign-signature',
    'merchant-transaction-id-reused',
    'missing-header',
    'status-polled-too-fast',
  ]);
  const seqs = new Set(traffic.map((entry) => entry.seq));
  for (const finding of findings) for (const seq of finding.seqs) expect(seqs.has(seq)).toBe(true);
  expect(findings.find((finding) => finding.code === 'foreign-signature')!.text.params).toMatchObject({
    transactionID: second.id,
    other: first.id,
  });
});
