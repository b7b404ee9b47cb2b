import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '@shared/contract';
import type { DecryptResult } from '@shared/contract/notifications';
import { parseNotification } from '@shared/notification';
import type { Result } from '@shared/result';
import DecryptTool from '../../../src-renderer/src/features/notifications/DecryptTool.vue';
import { mountInApp } from '../followups/mount';
import { notificationJson } from './fixtures';

/**
 * Main's answers are scripted here (main's own tests cover the crypto and every message; the E2E test
 * runs both together): these tests pin where the form puts each classified error and what it sends.
 */
let answer: Result<DecryptResult>;
const decrypt = vi.fn(async (_input: unknown) => answer);
const profile = (id: string, name: string, webhookSet: boolean, environment = 'sandbox') => ({
  id,
  name,
  environment,
  secrets: { bearerToken: { set: true }, clientId: { set: true }, webhookSecret: { set: webhookSet } },
});
const api = {
  'notifications.decrypt': decrypt,
  'profiles.list': async () => ({
    ok: true,
    value: {
      profiles: [
        profile('sandbox-a', 'Sandbox · Variant A', true),
        profile('test-1', 'No secret here', false),
        profile('live-1', 'Live shop', true, 'production'),
      ],
      problems: [],
    },
  }),
  on: () => () => {},
} as unknown as ConsoleApi;
vi.mock('../../../src-renderer/src/api', () => ({ useConsoleApi: () => api }));

const PASTED = { iv: 'pL1jdnA4d5C/4SLm', tag: 'BDhtclp9mnHGvxEfbTTW/w==', body: 'HDA/975BxcckXcZd4O' };
const failure = (code: string, message: string): Result<DecryptResult> => ({ ok: false, error: { code, message } });

async function submit(wrapper: VueWrapper, profileId: string | null = 'sandbox-a') {
  await flushPromises();
  if (profileId !== null) await wrapper.get('#decrypt-secret-profile').setValue(profileId);
  await wrapper.get('#decrypt-iv').setValue(PASTED.iv);
  await wrapper.get('#decrypt-tag').setValue(PASTED.tag);
  await wrapper.get('#decrypt-body').setValue(PASTED.body);
  await wrapper.get('form').trigger('submit');
  await flushPromises();
}

/** The error shown for a field: the alert its input points at with aria-describedby. */
function fieldProblem(wrapper: VueWrapper, id: string): string | null {
  const input = wrapper.get(`#${id}`);
  const described = input.attributes('aria-describedby');
  if (input.attributes('aria-invalid') !== 'true' || !described) return null;
  return wrapper.get(`#${described}`).text();
}

const FIELDS = ['decrypt-secret-profile', 'decrypt-iv', 'decrypt-tag', 'decrypt-body'];

describe('paste-to-decrypt form', () => {
  let wrapper: VueWrapper | undefined;
  afterEach(() => {
    wrapper?.unmount();
    wrapper = undefined;
    decrypt.mockClear();
  });

  it('sends the chosen profile’s id (never a secret) and shows the plaintext and the parsed view', async () => {
    const json = notificationJson();
    const parsed = parseNotification(json);
    answer = {
      ok: true,
      value: {
        plaintext: JSON.stringify(json),
        json,
        notification: parsed.ok ? parsed.notification : null,
        parseProblem: null,
      },
    };
    wrapper = mountInApp(DecryptTool);
    await flushPromises();
    const options = wrapper.findAll('#decrypt-secret-profile option').map((option) => option.text());
    // Only profiles that have a webhook secret are offered, by name.
    expect(options).toEqual(['Choose a profile…', 'Sandbox · Variant A', 'Live shop']);

    await submit(wrapper);
    expect(decrypt).toHaveBeenCalledWith({ secret: { profileId: 'sandbox-a' }, ...PASTED });
    const result = wrapper.get('[aria-label="Decrypted notification"]');
    expect(result.get('[aria-label="Plaintext"]').text()).toBe(JSON.stringify(json));
    const view = result.get('[aria-label="Parsed view"]').text();
    expect(view).toContain('order-77'); // merchant.transactionId read as the merchant's order id
    expect(view).toContain('16.20 EUR');
    expect(view).toContain('merchant.terminalId was a number, read as text.');
  });

  it('masks the shopper’s MB WAY phone when a production profile’s secret decrypted it, not for a sandbox one', async () => {
    const json = notificationJson({ token: { tokenType: 'MBWAY', value: '351#912345678' } });
    const parsed = parseNotification(json);
    answer = {
      ok: true,
      value: {
        plaintext: JSON.stringify(json),
        json,
        notification: parsed.ok ? parsed.notification : null,
        parseProblem: null,
      },
    };
    const shownWith = async (profileId: string) => {
      wrapper?.unmount();
      wrapper = mountInApp(DecryptTool);
      await submit(wrapper, profileId);
      const result = wrapper.get('[aria-label="Decrypted notification"]');
      return `${result.get('[aria-label="Plaintext"]').text()}\n${result.get('[aria-label="Parsed view"]').text()}`;
    };

    const live = await shownWith('live-1');
    expect(live).not.toContain('912345');
    expect(live).toContain('351#••••••678');
    expect(live).toContain('order-77'); // the rest stays readable
    expect(await shownWith('sandbox-a')).toContain('351#912345678');
  });

  it.each([
    [
      'iv-wrong-length',
      'The IV (X-Initialization-Vector) decodes to 3 bytes; AES-256-GCM here needs exactly 12.',
      'decrypt-iv',
    ],
    [
      'iv-not-base64',
      'The IV (X-Initialization-Vector) is not base64: it has a character base64 does not use ("*" at position 4).',
      'decrypt-iv',
    ],
    [
      'tag-wrong-length',
      'The authentication tag (X-Authentication-Tag) decodes to 3 bytes; AES-256-GCM here needs exactly 16.',
      'decrypt-tag',
    ],
    ['body-empty', 'The body is empty: there is nothing to decrypt.', 'decrypt-body'],
    [
      'body-not-base64',
      'The body is not base64: its length does not fit base64 (truncated or padded wrongly).',
      'decrypt-body',
    ],
    [
      'secret-wrong-length',
      'The webhook secret decodes to 16 bytes; AES-256-GCM here needs exactly 32.',
      'decrypt-secret-profile',
    ],
    ['no-webhook-secret', 'Profile sandbox-a has no webhook secret set.', 'decrypt-secret-profile'],
  ])('shows %s under the field it is about, and nothing else as wrong', async (code, message, field) => {
    answer = failure(code, message);
    wrapper = mountInApp(DecryptTool);
    await submit(wrapper);

    expect(fieldProblem(wrapper, field)).toBe(message);
    for (const other of FIELDS.filter((id) => id !== field)) expect(fieldProblem(wrapper, other)).toBeNull();
    expect(wrapper.find('[aria-label="Decrypted notification"]').exists()).toBe(false);
  });

  it('explains a failed authentication above the form, with its code and what to check', async () => {
    answer = failure('authentication-failed', 'Authentication failed: wrong key, or the tag, IV or body was altered.');
    wrapper = mountInApp(DecryptTool);
    await submit(wrapper);

    const alert = wrapper.findAll('[role="alert"]').map((a) => a.text());
    expect(alert).toEqual([expect.stringContaining('Could not decrypt (authentication-failed)')]);
    expect(alert[0]).toContain('Authentication failed: wrong key, or the tag, IV or body was altered.');
    expect(alert[0]).toContain('Check that the secret belongs to the terminal that sent it');
    for (const field of FIELDS) expect(fieldProblem(wrapper, field)).toBeNull();
  });

  it('says when the plaintext is JSON but not a usable notification', async () => {
    answer = {
      ok: true,
      value: {
        plaintext: '{"hello":1}',
        json: { hello: 1 },
        notification: null,
        parseProblem: 'The notification has no notificationID, so it cannot be acknowledged.',
      },
    };
    wrapper = mountInApp(DecryptTool);
    await submit(wrapper);

    expect(wrapper.get('[aria-label="Plaintext"]').text()).toBe('{"hello":1}');
    expect(wrapper.get('[role="alert"]').text()).toContain('has no notificationID');
  });

  it('asks for a profile before calling main, and sends a typed secret only when chosen', async () => {
    answer = failure('secret-not-base64', 'The webhook secret is not base64: it has a character base64 does not use.');
    wrapper = mountInApp(DecryptTool);
    await submit(wrapper, null);
    expect(decrypt).not.toHaveBeenCalled();
    expect(fieldProblem(wrapper, 'decrypt-secret-profile')).toBe('Choose the profile whose webhook secret to use.');

    const typed = wrapper.findAll('input[type="radio"]').find((radio) => radio.attributes('value') === 'typed');
    await typed!.setValue(true);
    await wrapper.get('#decrypt-secret-typed').setValue('  not-a-key  ');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(decrypt).toHaveBeenCalledWith({ secret: { typed: 'not-a-key' }, ...PASTED });
    expect(fieldProblem(wrapper, 'decrypt-secret-typed')).toBe(
      'The webhook secret is not base64: it has a character base64 does not use.',
    );
  });
});
