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

const ids = Object.keys(MAIN_TEXTS) as MainTextId[];
const root = resolve(__dirname, '../../..');

afterEach(() => setLocale('en'));

/** Every `new ConsoleFailure(code, message…)` / `fail(code, message…)` in main whose message is a written sentence. */
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
      for (const call of source.matchAll(/(?:new ConsoleFailure|[^\w.]fail)\(\s*([^,()]+?),\s*([\s\S]{0,200})/g)) {
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
    const harness = await startCore({ simulator: false });
    try {
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
    } finally {
      await harness.close();
      await harness.removeDir();
    }
  });

  it('keychain status leak: where secrets are kept is told in Portuguese, from the real console core', async () => {
    const harness = await startCore({ simulator: false });
    try {
      const info = await harness.call('app.info');
      expect(info.keychain.text?.id).toBe('keychainSessionOnly');
      setLocale('pt-PT');
      const shown = consoleErrorText({ message: info.keychain.detail, text: info.keychain.text });
      expect(shown).toContain('porta-chaves');
      expect(shown).not.toContain('keychain');
    } finally {
      await harness.close();
      await harness.removeDir();
    }
  });

  it('a field refused by main’s contract carries the rule that refused it, and reads in Portuguese', async () => {
    const harness = await startCore({ simulator: false });
    try {
      const settings = { name: 'Loja', environment: 'test', baseUrl: 'not a url', terminalId: '12ab', variant: 'A' };
      const refused = await harness.core.dispatch('profiles.save', { settings });
      expect(refused.ok).toBe(false);
      if (refused.ok) return;
      const issues = (refused.error.details as { issues: { path: string[]; message: string; rule?: RuleText }[] })
        .issues;
      const terminal = issues.find((issue) => issue.path.includes('terminalId'))!;
      expect(terminal.rule?.id).toBe('terminalId');
      setLocale('pt-PT');
      expect(ruleMessageText(terminal.message, terminal.rule)).toBe('O id do terminal tem de ter de 1 a 10 algarismos');
    } finally {
      await harness.close();
      await harness.removeDir();
    }
  });

  it('invalid-input problem list leak: each refused field is worded by its rule id inside the Portuguese sentence, not left in English', async () => {
    const harness = await startCore({ simulator: false });
    try {
      const settings = { name: 'Loja', environment: 'test', baseUrl: 'not a url', terminalId: '12ab', variant: 'A' };
      const refused = await harness.core.dispatch('profiles.save', { settings });
      expect(refused.ok).toBe(false);
      if (refused.ok) return;
      expect(refused.error.code).toBe('invalid-input');
      setLocale('en');
      expect(consoleErrorText(refused.error)).toBe(refused.error.message);
      setLocale('pt-PT');
      const shown = consoleErrorText(refused.error);
      expect(shown).toMatch(/^Dados inválidos para profiles.save: /);
      expect(shown).toContain('settings.terminalId: O id do terminal tem de ter de 1 a 10 algarismos');
      expect(shown).toContain('settings.baseUrl: O URL base tem de ser um URL absoluto');
      expect(shown).not.toMatch(/must be|Terminal id/);
    } finally {
      await harness.close();
      await harness.removeDir();
    }
  });

  it('outside text without a registered id (the gateway’s own words) is shown as it came, never looked up', () => {
    setLocale('pt-PT');
    expect(consoleErrorText({ message: 'Invalid terminal' })).toBe('Invalid terminal');
    expect(consoleErrorText({ message: 'x', text: { id: 'constructor', params: {} } })).toBe('x');
    expect(t('mainText.vaultNone')).toBe('Ainda não existe um cofre de credenciais: crie um primeiro.');
  });
});
