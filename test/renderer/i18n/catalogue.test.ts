import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../src-renderer/src/i18n/messages/en';
import ptPT from '../../../src-renderer/src/i18n/messages/pt-PT';
import { importTextKeys } from '../../../src-renderer/src/i18n/import-error';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
};
const enKeys = leaves(en as Tree);
const ptKeys = leaves(ptPT as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every `t('a.b.c')` / `$t("a.b.c")` with a literal key in the renderer's sources. */
function literalKeysUsed(): Map<string, string> {
  const used = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(vue|ts)$/.test(name) && !path.includes(`${join('i18n', 'messages')}`)) {
        const text = readFileSync(path, 'utf8');
        for (const match of text.matchAll(/\$?\bt\(\s*['"]([\w.-]+)['"]/g)) used.set(match[1]!, path);
      }
    }
  };
  walk(resolve(__dirname, '../../../src-renderer/src'));
  return used;
}

describe('the English and European Portuguese catalogues', () => {
  it('have exactly the same keys', () => {
    expect(
      [...enKeys.keys()].filter((key) => !ptKeys.has(key)),
      'missing in pt-PT',
    ).toEqual([]);
    expect(
      [...ptKeys.keys()].filter((key) => !enKeys.has(key)),
      'missing in en',
    ).toEqual([]);
  });

  it('have no empty text and the same placeholders in both languages', () => {
    for (const [key, text] of enKeys) {
      const pt = ptKeys.get(key) ?? '';
      expect(text.trim(), key).not.toBe('');
      expect(pt.trim(), key).not.toBe('');
      expect(placeholders(pt), key).toEqual(placeholders(text));
    }
  });

  it('define every key the renderer uses, in both languages', () => {
    const used = literalKeysUsed();
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter(([key]) => !enKeys.has(key) || !ptKeys.has(key)).map(([k, f]) => `${k} (${f})`);
    expect(missing).toEqual([]);
    for (const key of importTextKeys()) expect(enKeys.has(key) && ptKeys.has(key), key).toBe(true);
  });

  it('are written in European, not Brazilian, Portuguese', () => {
    const brazilian = /\b(tela|usuário|configurações|arquivo|cadastr\w*|ônibus|celular|registro|equipe)\b/i;
    const offenders = [...ptKeys].filter(([, text]) => brazilian.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(offenders).toEqual([]);
  });
});
