import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { VueWrapper } from '@vue/test-utils';
import CustomerDataList from '../../../src-renderer/src/components/CustomerDataList.vue';
import { installApi, mountWithProviders, profile, setupStores } from '../orders/mount-helpers';

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  document.body.innerHTML = '';
});

const desk = profile({ id: 'desk', name: 'Desk', environment: 'test', managed: false, lookupOnly: true });
/** What History holds for a lookup-only profile's order now: main masked it before it left. */
const maskedByMain = { name: 'A••• M••• S•••', email: 'a•••@•••.pt' };

async function reveal(field: string, reason: string): Promise<HTMLElement> {
  const button = [...document.body.querySelectorAll('button')].find(
    (b) => b.getAttribute('aria-label') === `Reveal ${field}`,
  )!;
  button.click();
  await nextTick();
  await nextTick();
  const input = document.body.querySelector<HTMLInputElement>('#support-reveal-reason')!;
  input.value = reason;
  input.dispatchEvent(new Event('input'));
  await nextTick();
  document.body
    .querySelector('form[aria-label^="Reveal"]')!
    .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  await nextTick();
  return document.body;
}

describe('customer data is masked at the source: Reveal asks main for the value', () => {
  it('customer data is masked at the source: a revealed field shows the value main answered, after main logged the reason', async () => {
    const revealCall = vi.fn(async () => ({
      ok: true,
      value: {
        entry: {
          at: '2026-01-31T12:00:00Z',
          profileId: 'desk',
          profileName: 'Desk',
          transactionId: 's2KNOWNKNOWNKNOWN001',
          field: 'email',
          reason: 'Ticket ZD-1',
        },
        value: 'ana.silva@example.pt',
      },
    }));
    installApi({ 'support.reveal': revealCall });
    wrapper = mountWithProviders(CustomerDataList, setupStores([desk]), {
      data: maskedByMain,
      masked: true,
      profileId: 'desk',
      transactionId: 's2KNOWNKNOWNKNOWN001',
    });
    expect(document.body.textContent).not.toContain('ana.silva');
    await reveal('E-mail', 'Ticket ZD-1: receipt address');
    await vi.waitFor(() =>
      expect(document.body.querySelector('[data-field="email"]')!.textContent).toContain('ana.silva@example.pt'),
    );
    expect(revealCall).toHaveBeenCalledWith({
      profileId: 'desk',
      transactionId: 's2KNOWNKNOWNKNOWN001',
      field: 'email',
      reason: 'Ticket ZD-1: receipt address',
    });
    expect(document.body.querySelector('[data-field="name"]')!.textContent).toContain('A••• M••• S•••');
  });

  it('customer data is masked at the source: main’s refusal of an unknown transaction is shown in the user’s words and nothing is revealed', async () => {
    installApi({
      'support.reveal': async () => ({
        ok: false,
        error: { code: 'unknown-transaction', message: 'The console knows no transaction…', details: {} },
      }),
    });
    wrapper = mountWithProviders(CustomerDataList, setupStores([desk]), {
      data: maskedByMain,
      masked: true,
      profileId: 'desk',
      transactionId: 's2UNKNOWNUNKNOWN0001',
    });
    await reveal('E-mail', 'Ticket ZD-2: receipt address');
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain(
        'The console does not know this transaction, so it has nothing to reveal.',
      ),
    );
    expect(document.body.querySelector('[data-field="email"]')!.getAttribute('data-masked')).toBe('true');
  });
});
