import { afterEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import type { VueWrapper } from '@vue/test-utils';
import { defineComponent, h } from 'vue';
import JsonDraftEditor from '../../../src-renderer/src/features/orders/JsonDraftEditor.vue';
import OrderForm from '../../../src-renderer/src/features/orders/OrderForm.vue';
import { useOrderDraftStore } from '../../../src-renderer/src/stores/order-draft';
import {
  draftWith,
  inputByLabel,
  installApi,
  messageFor,
  mountWithProviders,
  profile,
  setupStores,
  typeInto,
} from './mount-helpers';

const Both = defineComponent({ setup: () => () => h('div', [h(OrderForm), h(JsonDraftEditor)]) });

let wrapper: VueWrapper | null = null;
afterEach(() => wrapper?.unmount());

async function mountBoth(): Promise<Element> {
  installApi({});
  const pinia = setupStores([profile()]);
  await draftWith({});
  wrapper = mountWithProviders(Both, pinia);
  return wrapper.element;
}

/** The parts of the order these tests touch. */
interface OrderJson {
  merchant: Record<string, unknown>;
  transaction: { description?: string; amount: { value: unknown } };
  customer: { customerInfo: Record<string, unknown> };
  extendedInfo?: unknown;
  customerInfo?: unknown;
}
const jsonOf = (root: Element) => JSON.parse(inputByLabel(root, 'Order JSON').value) as OrderJson;

describe('JSON tab and form edit the same draft', () => {
  it('a form edit shows in the JSON', async () => {
    const root = await mountBoth();
    await typeInto(root, 'Transaction description', 'Two coffees');
    await typeInto(root, 'Amount', '3.20');
    const json = jsonOf(root);
    expect(json.transaction.description).toBe('Two coffees');
    // A number in JSON, not the typed text (terminalId and amounts must be JSON numbers).
    expect(json.transaction.amount.value).toBe(3.2);
    expect(json.merchant.terminalId).toBe(1000001);
  });

  it('a JSON edit shows in the form, and its problems are validated like the form’s', async () => {
    const root = await mountBoth();
    const json = jsonOf(root);
    json.transaction.description = 'From JSON';
    json.customer.customerInfo.customerEmail = 'broken';
    await typeInto(root, 'Order JSON', JSON.stringify(json, null, 2));
    expect(inputByLabel(root, 'Transaction description').value).toBe('From JSON');
    expect(messageFor(root, 'Customer e-mail')).toBe('Customer e-mail must be an e-mail address');
  });

  it('round-trips: JSON → form → JSON keeps every field, including ones the form has no input for', async () => {
    const root = await mountBoth();
    const json = jsonOf(root);
    json.merchant.unknownExtra = 'kept';
    json.extendedInfo = [{ key: 'cart', value: '42' }];
    await typeInto(root, 'Order JSON', JSON.stringify(json));
    await typeInto(root, 'Channel', 'mobile');
    const after = jsonOf(root);
    expect(after).toEqual({ ...json, merchant: { ...json.merchant, channel: 'mobile' } });
    expect(inputByLabel(root, 'extendedInfo key 1').value).toBe('cart');
  });

  it('text that is not JSON shows a parse error and the form keeps the last valid draft', async () => {
    const root = await mountBoth();
    const before = JSON.stringify(useOrderDraftStore().draft);
    await typeInto(root, 'Order JSON', '{ "merchant": ');
    expect(messageFor(root, 'Order JSON')).toMatch(
      /^Order JSON Not valid JSON: .+The form keeps the last valid draft\.$/,
    );
    // What the user typed stays in the editor for them to fix.
    expect(inputByLabel(root, 'Order JSON').value).toBe('{ "merchant": ');
    expect(JSON.stringify(useOrderDraftStore().draft)).toBe(before);
    await typeInto(root, 'Order JSON', '[1, 2]');
    expect(messageFor(root, 'Order JSON')).toContain('must be a JSON object');
  });

  it('the key-value editors add, edit and remove entries; an emptied list is not sent', async () => {
    const root = await mountBoth();
    const add = root.querySelector<HTMLButtonElement>('[aria-label="Add customerInfo entry"]')!;
    add.click();
    await nextTick();
    await typeInto(root, 'customerInfo key 1', 'loyalty');
    await typeInto(root, 'customerInfo value 1', 'gold');
    expect(jsonOf(root).customerInfo).toEqual([{ key: 'loyalty', value: 'gold' }]);
    await typeInto(root, 'customerInfo key 1', '');
    expect(messageFor(root, 'customerInfo key 1')).toBe('customerInfo key 1 must not be empty');
    root.querySelector<HTMLButtonElement>('[aria-label="Remove customerInfo entry 1"]')!.click();
    await nextTick();
    expect(jsonOf(root).customerInfo).toBeUndefined();
  });
});
