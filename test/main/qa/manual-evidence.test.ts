/**
 * Issue 27 (QA tester, item 3): a manual prompt names its transaction and its verdict takes a file or
 * screenshot as evidence, which main keeps (hashed) and the report lists — as data, never as markup.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../core/harness';

const MANUAL = `format: gateway-console/scenario@1
name: Receipt shown
variant: A
steps:
  - id: create
    create: { overrides: { transaction.amount.value: 12.34 } }
  - status: { transactionID: "\${create.transactionID}" }
  - manual: { prompt: "Does the shop show the receipt?" }
`;

let harness: Awaited<ReturnType<typeof startCore>>;
beforeAll(async () => {
  harness = await startCore();
});
afterAll(async () => {
  await harness.close();
  await harness.removeDir();
});

describe('manual steps: the transaction and the evidence (issue 27)', () => {
  it('defect "manual prompts do not say which transaction nor take evidence": id, merchant id, amount, status; files kept and listed', async () => {
    await harness.call('qa.addScenario', { file: 'receipt.yaml', text: MANUAL });
    const { runId } = await harness.call('qa.run', { files: ['added/receipt.yaml'] });
    await expect.poll(async () => (await harness.call('qa.result', { runId })).waitingManual).toBeTruthy();
    const run = await harness.call('qa.result', { runId });
    const created = run.scenarios[0].steps[0].exchanges[0];
    expect(run.waitingManual).toEqual({
      scenarioKey: 'added/receipt.yaml',
      stepIndex: 2,
      prompt: 'Does the shop show the receipt?',
      transaction: {
        transactionID: created.transactionID,
        merchantTransactionId: created.merchantTransactionId,
        amount: '12.34 EUR',
        paymentStatus: 'Pending',
      },
    });

    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const html = Buffer.from('<script>alert(1)</script>');
    const answered = await harness.call('qa.answerManual', {
      runId,
      scenarioKey: 'added/receipt.yaml',
      stepIndex: 2,
      passed: true,
      note: 'receipt ok',
      evidence: [
        { name: '../../screenshot.png', base64: png.toString('base64') },
        // Claims to be an image by its name; its bytes say otherwise.
        { name: '<img src=x onerror=alert(1)>.png', base64: html.toString('base64') },
      ],
    });
    expect(answered).toEqual({ accepted: true });
    await expect.poll(async () => (await harness.call('qa.result', { runId })).finishedAt).not.toBeNull();
    const done = await harness.call('qa.result', { runId });
    expect(done.waitingManual ?? null).toBeNull();
    const evidence = done.scenarios[0].steps[2].evidence;
    expect(evidence).toEqual([
      expect.objectContaining({
        name: '../../screenshot.png',
        mediaType: 'image/png',
        bytes: png.length,
        sha256: createHash('sha256').update(png).digest('hex'),
      }),
      expect.objectContaining({ mediaType: 'application/octet-stream', bytes: html.length }),
    ]);
    // Kept inside qa-evidence/<run>/ under safe names, byte for byte.
    const folder = join(harness.userDataDir, 'qa-evidence', runId);
    const files = await readdir(folder);
    expect(files).toHaveLength(2);
    expect(files.every((file) => /^[A-Za-z0-9._-]+$/.test(file) && !file.startsWith('.'))).toBe(true);
    expect(await readFile(join(harness.userDataDir, 'qa-evidence', evidence[0].savedAs))).toEqual(png);

    const report = (await harness.call('qa.report', { runId, format: 'html' })).text as string;
    expect(report).toContain('Evidence:');
    expect(report).toContain(createHash('sha256').update(png).digest('hex'));
    expect(report).toContain('&lt;img src=x onerror=alert(1)&gt;.png');
    expect(report).not.toMatch(/<script|<img/i);
  }, 30_000);

  it('refuses evidence that is not base64, and a late answer after the run ended is not accepted', async () => {
    const { runId } = await harness.call('qa.run', { files: ['added/receipt.yaml'] });
    await expect.poll(async () => (await harness.call('qa.result', { runId })).waitingManual).toBeTruthy();
    const bad = await harness.core.dispatch('qa.answerManual', {
      runId,
      scenarioKey: 'added/receipt.yaml',
      stepIndex: 2,
      passed: true,
      evidence: [{ name: 'x.png', base64: '%%not-base64%%' }],
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    // The prompt is still there: a refused attachment does not lose the verdict to give.
    expect((await harness.call('qa.result', { runId })).waitingManual).toBeTruthy();
    await harness.call('qa.cancelRun', { runId });
    const late = await harness.call('qa.answerManual', {
      runId,
      scenarioKey: 'added/receipt.yaml',
      stepIndex: 2,
      passed: true,
    });
    expect(late).toEqual({ accepted: false });
  }, 30_000);

  it('pasted evidence limits are main’s: more than 500 KB in one answer is refused with a clear error, nothing is kept and the prompt stays', async () => {
    const { runId } = await harness.call('qa.run', { files: ['added/receipt.yaml'] });
    await expect.poll(async () => (await harness.call('qa.result', { runId })).waitingManual).toBeTruthy();
    const big = Buffer.alloc(260_000, 0x41).toString('base64');
    const refused = await harness.core.dispatch('qa.answerManual', {
      runId,
      scenarioKey: 'added/receipt.yaml',
      stepIndex: 2,
      passed: true,
      evidence: [
        { name: 'pasted-image-1.png', base64: big },
        { name: 'pasted-text-2.txt', base64: big },
      ],
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', text: { id: 'evidenceTooLarge', params: { bytes: 520_000, max: 500_000 } } },
    });
    await expect(readdir(join(harness.userDataDir, 'qa-evidence', runId))).rejects.toThrow();
    expect((await harness.call('qa.result', { runId })).waitingManual).toBeTruthy();
    // Pasted text is kept as bytes, byte for byte, and listed by its name only.
    const text = Buffer.from('receipt #42 <b>shown</b>\n');
    const answered = await harness.call('qa.answerManual', {
      runId,
      scenarioKey: 'added/receipt.yaml',
      stepIndex: 2,
      passed: true,
      evidence: [{ name: 'pasted-text-1.txt', base64: text.toString('base64') }],
    });
    expect(answered).toEqual({ accepted: true });
    await expect.poll(async () => (await harness.call('qa.result', { runId })).finishedAt).not.toBeNull();
    const [kept] = (await harness.call('qa.result', { runId })).scenarios[0].steps[2].evidence;
    expect(await readFile(join(harness.userDataDir, 'qa-evidence', kept.savedAs))).toEqual(text);
  }, 30_000);
});
