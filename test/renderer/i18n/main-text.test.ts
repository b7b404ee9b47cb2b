import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { englishOf, MAIN_TEXTS, templateParams, type MainTextId } from '@shared/console-text';
import { consoleErrorText } from '../../../src-renderer/src/i18n/console-error';
import { ruleMessageText } from '../../../src-renderer/src/i18n/rule-text';
import { RULE_TEXTS, type RuleText } from '@shared/rule-text';
import { setLocale, t } from '../../../src-renderer/src/i18n';
import en from '../../../src-renderer/src/i18n/messages/en';
import ptPT from '../../../src-renderer/src/i18n/messages/pt-PT';
import { startCore } from '../../main/core/harness';
import { MemoryStore } from '../../../src-main/credentials/memory-store';
import { SignatureStore } from '../../../src-main/core/signature-store';

/** Runs `use` against a real console core in a throwaway user-data folder, closed and removed after. */
async function withCore(
  options: Parameters<typeof startCore>[0],
  use: (harness: Awaited<ReturnType<typeof startCore>>) => Promise<void>,
): Promise<void> {
  const harness = await startCore(options);
  try {
    await use(harness);
  } finally {
    await harness.close();
    await harness.removeDir();
  }
}

const ids = Object.keys(MAIN_TEXTS) as MainTextId[];
const root = resolve(__dirname, '../../..');

afterEach(() => setLocale('en'));

/**
 * Every `new ConsoleFailure(code, message…)` / `fail(code, message…)` in main whose message is a written
 * sentence; likewise start-up notices (`.raise(level, message)`) and the notification crypto faults
 * (`fault(code, message)`, `unusable(code, message)`), which reach the renderer the same way.
 */
function sentencesWrittenInMain(): string[] {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      // The CLI prints to a terminal in English; nothing it says reaches the renderer.
      if (statSync(path).isDirectory()) {
        if (name !== 'cli') walk(path);
        continue;
      }
      if (!name.endsWith('.ts')) continue;
      const source = readFileSync(path, 'utf8');
      for (const call of source.matchAll(
        /(?:new ConsoleFailure|[^\w.]fail|\.raise|[^\w.]fault|[^\w.]unusable)\(\s*([^,()]+?),\s*([\s\S]{0,200})/g,
      )) {
        const message = call[2]!.trimStart();
        // A literal sentence, or a choice between literal sentences.
        if (/^['"`]/.test(message) || /^\w+\s*\?\s*['"`]/.test(message)) {
          const line = source.slice(0, call.index).split('\n').length;
          offenders.push(`${relative(root, path)}:${line}: ${message.split('\n')[0]}`);
        }
      }
    }
  };
  walk(join(root, 'src-main'));
  return offenders;
}

/** A profile main's contract refuses twice over: a terminal id with letters and a base URL that is no URL. */
async function saveMalformedProfile(harness: Awaited<ReturnType<typeof startCore>>) {
  const settings = { name: 'Loja', environment: 'test', baseUrl: 'not a url', terminalId: '12ab', variant: 'A' };
  const refused = await harness.core.dispatch('profiles.save', { settings });
  if (refused.ok) throw new Error('main saved a profile with a malformed terminal id and base URL');
  return refused;
}

describe('messages from main are translated by code, not by sentence', () => {
  it('a main message without a catalogue entry fails: every main text id has its English and European Portuguese wording with the same parameters', () => {
    const enTexts = (en as unknown as { mainText: Record<string, string> }).mainText;
    const ptTexts = (ptPT as unknown as { mainText: Record<string, string> }).mainText;
    const missing = ids.filter((id) => typeof enTexts[id] !== 'string' || typeof ptTexts[id] !== 'string');
    expect(missing, 'main text ids with no catalogue entry').toEqual([]);
    for (const id of ids) {
      expect(templateParams(ptTexts[id]!).sort(), id).toEqual(templateParams(MAIN_TEXTS[id]).sort());
      expect(ptTexts[id], `${id} is still English in pt-PT`).not.toBe(MAIN_TEXTS[id]);
    }
  });

  it('a validation rule without a catalogue entry fails: every shared rule id has English and Portuguese wording', () => {
    const ptRules = (ptPT as unknown as { ruleText: Record<string, string> }).ruleText;
    const enRules = (en as unknown as { ruleText: Record<string, string> }).ruleText;
    const missing = Object.keys(RULE_TEXTS).filter(
      (id) => typeof ptRules[id] !== 'string' || typeof enRules[id] !== 'string',
    );
    expect(missing, 'rule ids with no catalogue entry').toEqual([]);
    for (const [id, english] of Object.entries(RULE_TEXTS))
      expect(templateParams(ptRules[id]!).sort(), id).toEqual(templateParams(english).sort());
  });

  it('every failure main answers with carries a text id: no English sentence is written at a throw site', () => {
    expect(sentencesWrittenInMain()).toEqual([]);
  });

  it('each text renders through the catalogue as its English sentence, and in Portuguese with every value kept', () => {
    for (const id of ids) {
      const params = Object.fromEntries(templateParams(MAIN_TEXTS[id]).map((name) => [name, `«${name}»`]));
      setLocale('en');
      expect(consoleErrorText({ message: 'ignored', text: { id, params } }), id).toBe(englishOf({ id, params }));
      setLocale('pt-PT');
      const pt = consoleErrorText({ message: 'ignored', text: { id, params } });
      for (const value of Object.values(params)) expect(pt, id).toContain(value);
    }
  });

  it('a refusal from the real console core reaches a Portuguese user in Portuguese, with the hostile profile name shown as typed', async () => {
    await withCore({ simulator: false }, async (harness) => {
      // A name that looks like message syntax and markup must come back as the same characters.
      const name = '{id} @:mainText.hostFailed <b>x</b> | y';
      const settings = {
        name,
        environment: 'test',
        baseUrl: 'https://gw.test.example',
        terminalId: '1234567',
        variant: 'A',
      };
      await harness.call('profiles.save', { settings });
      const again = await harness.core.dispatch('profiles.save', { settings });
      expect(again.ok).toBe(false);
      if (again.ok) return;
      expect(again.error.code).toBe('duplicate-name');
      expect(again.error.message).toBe(`A profile named "${name}" already exists.`);
      setLocale('pt-PT');
      expect(consoleErrorText(again.error)).toBe(`Já existe um perfil chamado "${name}".`);
    });
  });

  it('keychain status leak: where secrets are kept is told in Portuguese, from the real console core', async () => {
    await withCore({ simulator: false }, async (harness) => {
      const info = await harness.call('app.info');
      expect(info.keychain.text?.id).toBe('keychainSessionOnly');
      setLocale('pt-PT');
      const shown = consoleErrorText({ message: info.keychain.detail, text: info.keychain.text });
      expect(shown).toContain('porta-chaves');
      expect(shown).not.toContain('keychain');
    });
  });

  it('a field refused by main’s contract carries the rule that refused it, and reads in Portuguese', async () => {
    await withCore({ simulator: false }, async (harness) => {
      const refused = await saveMalformedProfile(harness);
      const issues = (refused.error.details as { issues: { path: string[]; message: string; rule?: RuleText }[] })
        .issues;
      const terminal = issues.find((issue) => issue.path.includes('terminalId'))!;
      expect(terminal.rule?.id).toBe('terminalId');
      setLocale('pt-PT');
      expect(ruleMessageText(terminal.message, terminal.rule)).toBe('O id do terminal tem de ter de 1 a 10 algarismos');
    });
  });

  it('invalid-input problem list leak: each refused field is worded by its rule id inside the Portuguese sentence, not left in English', async () => {
    await withCore({ simulator: false }, async (harness) => {
      const refused = await saveMalformedProfile(harness);
      expect(refused.error.code).toBe('invalid-input');
      setLocale('en');
      expect(consoleErrorText(refused.error)).toBe(refused.error.message);
      setLocale('pt-PT');
      const shown = consoleErrorText(refused.error);
      expect(shown).toMatch(/^Dados inválidos para profiles.save: /);
      expect(shown).toContain('settings.terminalId: O id do terminal tem de ter de 1 a 10 algarismos');
      expect(shown).toContain('settings.baseUrl: O URL base tem de ser um URL absoluto');
      expect(shown).not.toMatch(/must be|Terminal id/);
    });
  });

  it('start-up notice leak: lost transaction signatures are announced in Portuguese, from the real console core', async () => {
    const first = await startCore({ simulator: false });
    const signatures = await SignatureStore.open(
      join(first.userDataDir, 'transaction-signatures.enc'),
      first.credentials,
    );
    await signatures.put({
      profileId: 'p',
      transactionId: 't',
      signature: 'sig-123456789',
      merchantTransactionId: null,
      amount: 1,
      currency: 'EUR',
      createdAt: new Date().toISOString(),
    });
    await first.close();
    // A restart whose keychain lost the signatures' key.
    const restarted = await startCore({
      simulator: false,
      userDataDir: first.userDataDir,
      credentials: new MemoryStore(),
    });
    try {
      const [notice] = (await restarted.call('app.notices')).notices;
      expect(notice.message).toMatch(/^Stored transaction signatures could not be decrypted/);
      setLocale('pt-PT');
      const shown = consoleErrorText(notice);
      expect(shown).toMatch(
        /^Não foi possível decifrar as assinaturas de transação guardadas \(conservadas em .*\.bak\)/,
      );
    } finally {
      await restarted.close();
      await restarted.removeDir();
    }
  });

  it('decrypt tool leak: a malformed IV is explained in Portuguese, the field named in Portuguese too', async () => {
    await withCore({ simulator: false }, async (harness) => {
      const secret = Buffer.alloc(32, 7).toString('base64');
      const refused = await harness.core.dispatch('notifications.decrypt', {
        secret: { typed: secret },
        iv: 'AAAA-_AAAAAAAAAA',
        tag: Buffer.alloc(16).toString('base64'),
        body: 'AAAA',
      });
      expect(refused.ok).toBe(false);
      if (refused.ok) return;
      expect(refused.error.code).toBe('iv-not-base64');
      expect(refused.error.message).toMatch(/^The IV \(X-Initialization-Vector\) is not base64: it uses the base64url/);
      setLocale('pt-PT');
      expect(consoleErrorText(refused.error)).toBe(
        'O IV (X-Initialization-Vector): não é base64: usa o alfabeto base64url ("-" ou "_"); o gateway usa base64 normal ("+" e "/").',
      );
      const wrongKey = await harness.core.dispatch('notifications.decrypt', {
        secret: { typed: Buffer.alloc(16, 1).toString('base64') },
        iv: Buffer.alloc(12).toString('base64'),
        tag: Buffer.alloc(16).toString('base64'),
        body: 'AAAA',
      });
      if (wrongKey.ok) throw new Error('a 16-byte secret was accepted');
      expect(consoleErrorText(wrongKey.error)).toBe(
        'O segredo do webhook: descodifica para 16 bytes; o AES-256-GCM aqui precisa de exatamente 32.',
      );
    });
  });

  it('simulator control leak: completing a transaction the simulator does not know is refused in Portuguese', async () => {
    await withCore({}, async (harness) => {
      const refused = await harness.core.dispatch('simulator.complete', {
        transactionId: 'no-such-transaction',
        paymentStatus: 'Success',
      });
      expect(refused.ok).toBe(false);
      if (refused.ok) return;
      expect(refused.error).toMatchObject({
        code: 'not-found',
        message: 'Transaction no-such-transaction does not exist.',
      });
      setLocale('pt-PT');
      expect(consoleErrorText(refused.error)).toBe('A transação no-such-transaction não existe.');
    });
  });

  it('outside text without a registered id (the gateway’s own words) is shown as it came, never looked up', () => {
    setLocale('pt-PT');
    expect(consoleErrorText({ message: 'Invalid terminal' })).toBe('Invalid terminal');
    expect(consoleErrorText({ message: 'x', text: { id: 'constructor', params: {} } })).toBe('x');
    expect(t('mainText.vaultNone')).toBe('Ainda não existe um cofre de credenciais: crie um primeiro.');
  });
});
