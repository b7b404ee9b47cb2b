import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const PROJECT_ROOT = resolve(__dirname, '../../..');
let eslint: ESLint;

/** The `vue/no-bare-strings-in-template` findings for `code` as if it were a renderer component. */
const bareStrings = async (code: string): Promise<number> => {
  const [result] = await eslint.lintText(code, {
    filePath: resolve(PROJECT_ROOT, 'src-renderer/src/components/Probe.vue'),
  });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'vue/no-bare-strings-in-template').length;
};

beforeAll(() => {
  eslint = new ESLint({ cwd: PROJECT_ROOT });
});

describe('all user-visible renderer text comes from the i18n catalogue (ESLint)', () => {
  it('rejects raw words in a template and in the attributes people read or hear', async () => {
    expect(await bareStrings('<template><button>Send order</button></template>\n')).toBe(1);
    expect(await bareStrings('<template><input aria-label="Search history" /></template>\n')).toBe(1);
    expect(await bareStrings('<template><NInput placeholder="Type here" /></template>\n')).toBe(1);
  });

  it('accepts catalogue lookups and technical tokens', async () => {
    expect(await bareStrings("<template><button>{{ $t('order.send') }}</button></template>\n")).toBe(0);
    expect(await bareStrings('<template><span :title="$t(\'a.b\')">HTTP · ?</span></template>\n')).toBe(0);
  });
});
