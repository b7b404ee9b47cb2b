import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxOrder } from '../../support/console-actions';
import { startCore } from '../core/harness';

type Harness = Awaited<ReturnType<typeof startCore>>;
const started: Harness[] = [];
async function open(options: Parameters<typeof startCore>[0] = {}): Promise<Harness> {
  const harness = await startCore({ simulator: false, ...options });
  started.push(harness);
  return harness;
}
/** Closes the core and opens a new one on the same user-data folder: what a restart does. */
async function restart(harness: Harness, options: Parameters<typeof startCore>[0] = {}): Promise<Harness> {
  await harness.close();
  return open({ userDataDir: harness.userDataDir, credentials: harness.credentials, ...options });
}
afterEach(async () => {
  const dirs = new Set(started.map((harness) => harness.userDataDir));
  for (const harness of started.splice(0)) await harness.close().catch(() => undefined);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const backupsOf = async (dir: string, file: string) =>
  (await readdir(dir)).filter((name) => name.startsWith(`${file}.unreadable-`) && name.endsWith('.bak'));

describe('issue 26: settings are kept by main in the user-data folder', () => {
  it("language, theme, thresholds and retention survive a restart (they were in one origin's localStorage)", async () => {
    const first = await open();
    await first.call('settings.update', { locale: 'pt-PT', theme: 'dark' });
    await first.call('settings.update', {
      supportStaleAfterMinutes: 42,
      bulkRefreshConcurrency: 3,
      historyRetention: { maxAgeDays: 30, maxCount: null },
    });
    const second = await restart(first);
    expect((await second.call('settings.get')).settings).toEqual({
      locale: 'pt-PT',
      theme: 'dark',
      supportStaleAfterMinutes: 42,
      bulkRefreshConcurrency: 3,
      historyRetention: { maxAgeDays: 30, maxCount: null },
    });
  });

  it('a value of the wrong type or out of range is refused with the field named, and nothing stored changes', async () => {
    const harness = await open();
    await harness.call('settings.update', { theme: 'dark' });
    const proto = JSON.parse('{"__proto__":{"theme":"light"}}') as unknown;
    for (const patch of [
      { theme: 'neon' },
      { supportStaleAfterMinutes: 0 },
      { locale: 'xx' },
      { colour: 'red' },
      proto,
    ]) {
      const result = await harness.core.dispatch('settings.update', patch);
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }
    expect((await harness.call('settings.get')).settings).toMatchObject({
      theme: 'dark',
      supportStaleAfterMinutes: null,
    });
  });

  it("a page's older localStorage choices are imported once and never override a choice main already has", async () => {
    const harness = await open();
    await harness.call('settings.update', { theme: 'light' });
    const imported = await harness.call('settings.importFromBrowser', { theme: 'dark', locale: 'pt-PT' });
    expect(imported).toMatchObject({ importedFromBrowser: true, settings: { theme: 'light', locale: 'pt-PT' } });
    const again = await harness.call('settings.importFromBrowser', { locale: 'en', supportStaleAfterMinutes: 5 });
    expect(again.settings).toMatchObject({ locale: 'pt-PT', supportStaleAfterMinutes: null });
    expect((await (await restart(harness)).call('settings.get')).importedFromBrowser).toBe(true);
  });

  it('a corrupt settings file is reported and kept aside byte for byte, never silently dropped', async () => {
    const first = await open();
    const path = join(first.userDataDir, 'settings.json');
    await first.close();
    await writeFile(path, '{"version":1,"settings":{"theme":"da');
    const second = await open({ userDataDir: first.userDataDir, credentials: first.credentials });
    const answer = await second.call('settings.get');
    expect(answer.problems).toEqual([
      expect.objectContaining({
        code: 'stored-file-unreadable',
        text: expect.objectContaining({ id: 'storedFileUnreadable' }),
      }),
    ]);
    const [backup] = await backupsOf(first.userDataDir, 'settings.json');
    expect(await readFile(join(first.userDataDir, backup!), 'utf8')).toBe('{"version":1,"settings":{"theme":"da');
    expect(answer.problems[0].message).toContain(backup);
    // The console works on; a change is written and the kept copy stays as it was.
    await second.call('settings.update', { theme: 'dark' });
    expect(await backupsOf(first.userDataDir, 'settings.json')).toEqual([backup]);
  });

  it('hostile settings files: __proto__ keys, a huge file and wrong types each get their own clear problem', async () => {
    const cases: Array<[string, string, string]> = [
      [
        '{"version":1,"importedFromBrowser":false,"settings":{"__proto__":{"polluted":true}}}',
        'stored-file-unreadable',
        '__proto__',
      ],
      [`{"version":1,"pad":"${'x'.repeat(70_000)}"}`, 'stored-file-too-large', 'bytes'],
      ['{"version":1,"importedFromBrowser":"yes","settings":{"theme":7}}', 'stored-file-unreadable', 'settings.'],
    ];
    for (const [content, code, mentions] of cases) {
      const harness = await open();
      await harness.close();
      await writeFile(join(harness.userDataDir, 'settings.json'), content);
      const reopened = await open({ userDataDir: harness.userDataDir, credentials: harness.credentials });
      const answer = await reopened.call('settings.get');
      expect(answer.problems).toEqual([expect.objectContaining({ code })]);
      expect(answer.problems[0].message).toContain(mentions);
      expect(answer.settings.theme).toBeNull();
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
      expect(await backupsOf(harness.userDataDir, 'settings.json')).toHaveLength(1);
    }
  });
});

describe('issue 26: order templates are kept by main in the user-data folder', () => {
  const body = (description: string) => ({
    ...sandboxOrder('tpl-1'),
    transaction: { ...sandboxOrder('tpl-1').transaction, description },
  });

  it('templates survive a restart; saving under an existing name replaces it; delete removes it', async () => {
    const first = await open();
    const saved = await first.call('orders.saveTemplate', { name: ' Card 10€ ', variant: 'A', body: body('one') });
    expect(saved).toMatchObject({ name: 'Card 10€', variant: 'A' });
    const replaced = await first.call('orders.saveTemplate', { name: 'Card 10€', variant: 'A', body: body('two') });
    expect(replaced.id).toBe(saved.id);
    await first.call('orders.saveTemplate', { name: 'Another', variant: 'B', body: body('three') });
    const second = await restart(first);
    const { templates } = await second.call('orders.templates');
    expect(templates.map((template: { name: string }) => template.name)).toEqual(['Another', 'Card 10€']);
    expect(templates[1].body.transaction.description).toBe('two');
    expect(await second.call('orders.deleteTemplate', { id: saved.id })).toEqual({ deleted: true });
    expect((await (await restart(second)).call('orders.templates')).templates).toHaveLength(1);
  });

  it('main masks card data before a template is written (a page cannot store a full card number or CVV)', async () => {
    const harness = await open();
    await harness.call('orders.saveTemplate', {
      name: 'card',
      variant: 'A',
      body: { card: { cardNumber: '4111111111111111', cvv: '123' } },
    });
    const file = await readFile(join(harness.userDataDir, 'order-templates.json'), 'utf8');
    expect(file).not.toContain('4111111111111111');
    expect(file).not.toContain('"123"');
  });

  it('a template naming __proto__ (at any depth) or too large is refused with the reason; nothing is stored', async () => {
    const harness = await open();
    for (const hostile of ['{"__proto__":{"x":1}}', '{"merchant":{"constructor":{"prototype":{}}}}']) {
      const result = await harness.core.dispatch('orders.saveTemplate', {
        name: 'evil',
        variant: 'A',
        body: JSON.parse(hostile),
      });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      expect(result.ok ? '' : result.error.message).toMatch(/__proto__|constructor/);
    }
    const huge = await harness.core.dispatch('orders.saveTemplate', {
      name: 'huge',
      variant: 'A',
      body: { pad: 'x'.repeat(300_000) },
    });
    expect(huge).toMatchObject({ ok: false, error: { code: 'template-too-large', text: { id: 'templateTooLarge' } } });
    expect((await harness.call('orders.templates')).templates).toEqual([]);
  });

  it('one invalid record is set aside in the file and reported; the others stay in use and nothing is lost on save', async () => {
    const harness = await open();
    await harness.close();
    const path = join(harness.userDataDir, 'order-templates.json');
    const good = { id: 'g1', name: 'Good', updatedAt: 1, variant: 'A', body: { a: 1 } };
    const bad = { id: 'b1', name: 'Broken', updatedAt: 'yesterday', variant: 'Z', body: 3 };
    await writeFile(path, JSON.stringify({ version: 1, records: [good, bad] }));
    const reopened = await open({ userDataDir: harness.userDataDir, credentials: harness.credentials });
    const listed = await reopened.call('orders.templates');
    expect(listed.templates.map((template: { name: string }) => template.name)).toEqual(['Good']);
    expect(listed.problems).toEqual([expect.objectContaining({ code: 'stored-record-invalid' })]);
    expect(listed.problems[0].message).toContain('Template "Broken"');
    await reopened.call('orders.saveTemplate', { name: 'New', variant: 'A', body: {} });
    expect(JSON.parse(await readFile(path, 'utf8')).quarantined).toEqual([bad]);
  });

  it("a browser's older templates are imported; a name main already has keeps main's version", async () => {
    const harness = await open();
    await harness.call('orders.saveTemplate', { name: 'Kept', variant: 'A', body: body('main') });
    const result = await harness.call('orders.importTemplates', {
      templates: [
        { name: 'Kept', variant: 'A', body: body('browser'), updatedAt: 5 },
        { name: 'Old one', variant: 'B', body: body('old'), updatedAt: 5 },
      ],
    });
    expect(result).toMatchObject({ imported: 1, skipped: 1 });
    const { templates } = await harness.call('orders.templates');
    expect(templates.find((template: { name: string }) => template.name === 'Kept').body.transaction.description).toBe(
      'main',
    );
  });
});

describe('issue 26: test sessions and verdicts are kept by main in the user-data folder', () => {
  it('a session, its verdicts and the calls main tagged to it survive a restart', async () => {
    const first = await open({ simulator: true });
    const session = await first.call('qa.startTestSession', {
      name: 'Release 4.2',
      tester: 'Rita',
      objective: 'MB WAY',
      profileId: 'sandbox-a',
    });
    // What the session says about the profile comes from main's profile, not from the caller.
    expect(session).toMatchObject({ profileId: 'sandbox-a', endedAt: null, environment: 'sandbox' });
    const created = await first.call('orders.create', {
      profileId: 'sandbox-a',
      order: sandboxOrder(`ses-${Date.now()}`),
    });
    const transactionId = created.exchange.transactionID;
    await first.call('qa.setTestVerdict', { sessionId: session.id, key: transactionId, passed: false, note: 'no SMS' });
    const entries = (await first.call('qa.testSessionEntries', { sessionId: session.id })).entries;
    expect(entries).toEqual([expect.objectContaining({ kind: 'exchange', transactionId })]);
    const second = await restart(first, { simulator: true });
    const { sessions } = await second.call('qa.testSessions');
    expect(sessions).toEqual([
      expect.objectContaining({
        id: session.id,
        endedAt: null,
        verdicts: { [transactionId]: expect.objectContaining({ passed: false, note: 'no SMS' }) },
      }),
    ]);
    expect((await second.call('qa.testSessionEntries', { sessionId: session.id })).entries).toHaveLength(1);
    // Still running after the restart: main keeps tagging calls to it.
    await second.call('orders.create', { profileId: 'sandbox-a', order: sandboxOrder(`ses2-${Date.now()}`) });
    expect((await second.call('qa.testSessionEntries', { sessionId: session.id })).entries).toHaveLength(2);
    await second.call('qa.endTestSession');
    await second.call('orders.create', { profileId: 'sandbox-a', order: sandboxOrder(`ses3-${Date.now()}`) });
    expect((await second.call('qa.testSessionEntries', { sessionId: session.id })).entries).toHaveLength(2);
    await second.call('qa.deleteTestSession', { id: session.id });
    expect((await second.call('qa.testSessions')).sessions).toEqual([]);
    expect(await readdir(join(second.userDataDir, 'qa-sessions'))).toEqual([]);
  });

  it('an unknown profile or session, a path-like id and a __proto__ verdict key are refused', async () => {
    const harness = await open({ simulator: true });
    const unknown = await harness.core.dispatch('qa.startTestSession', {
      name: 's',
      tester: '',
      objective: '',
      profileId: 'nope',
    });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const traversal = await harness.core.dispatch('qa.testSessionEntries', { sessionId: '../../etc/passwd' });
    expect(traversal).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const missing = await harness.core.dispatch('qa.resumeTestSession', { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found', text: { id: 'testSessionNotFound' } } });
    const session = await harness.call('qa.startTestSession', {
      name: 's',
      tester: '',
      objective: '',
      profileId: 'sandbox-a',
    });
    const proto = await harness.core.dispatch('qa.setTestVerdict', {
      sessionId: session.id,
      key: '__proto__',
      passed: true,
      note: '',
    });
    expect(proto).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(proto.ok ? '' : proto.error.message).toContain('__proto__');
    // A session started under an existing session's id (the id its Sandbox world was made under) would
    // take over that session's world and verdicts: refused, and the existing session is left as it was.
    await harness.call('qa.setTestVerdict', { sessionId: session.id, key: 's2KEPT', passed: true, note: 'kept' });
    const again = await harness.core.dispatch('qa.startTestSession', {
      id: session.id,
      name: 'takeover',
      tester: 'Mallory',
      objective: '',
      profileId: 'sandbox-a',
    });
    expect(again).toMatchObject({ ok: false, error: { code: 'conflict', text: { id: 'testSessionExists' } } });
    const { sessions } = await harness.call('qa.testSessions');
    expect(sessions.filter((listed: { id: string }) => listed.id === session.id)).toEqual([
      expect.objectContaining({
        name: 's',
        tester: '',
        verdicts: { s2KEPT: expect.objectContaining({ passed: true }) },
      }),
    ]);
  });

  it("a browser's older sessions are imported with their entries; importing again adds nothing", async () => {
    const harness = await open();
    const id = '11111111-2222-4333-8444-555555555555';
    const session = {
      id,
      name: 'Old',
      tester: 'T',
      profileId: 'p',
      profileName: 'P',
      environment: 'test',
      terminalId: '1',
      variant: 'A',
      objective: '',
      startedAt: '2026-01-01T00:00:00.000Z',
      endedAt: '2026-01-01T01:00:00.000Z',
      verdicts: { tx1: { passed: true, note: 'ok', at: '2026-01-01T00:30:00.000Z' } },
    };
    const entry = {
      id: 'e1',
      sessionId: id,
      at: '2026-01-01T00:10:00.000Z',
      transactionId: 'tx1',
      kind: 'notification',
      exchange: null,
      notification: {
        seq: 1,
        notificationId: 'n1',
        transactionId: 'tx1',
        paymentStatus: 'Success',
        duplicate: false,
        receivedAt: '2026-01-01T00:10:00.000Z',
      },
    };
    expect(await harness.call('qa.importTestSessions', { sessions: [{ session, entries: [entry] }] })).toEqual({
      imported: 1,
      skipped: 0,
    });
    expect(await harness.call('qa.importTestSessions', { sessions: [{ session, entries: [entry] }] })).toEqual({
      imported: 0,
      skipped: 1,
    });
    const reopened = await restart(harness);
    expect((await reopened.call('qa.testSessions')).sessions).toEqual([session]);
    expect((await reopened.call('qa.testSessionEntries', { sessionId: id })).entries).toEqual([entry]);
  });
});
