import { computed } from 'vue';
import { useOrderDraftStore } from '../../stores/order-draft';

export type AddressPlacement = 'customer' | 'customerInfo';

/**
 * The spec shows addresses in two places: on `customer` (with billingAddressSameAsShippingAddress) and
 * nested in `customer.customerInfo` (with billingAddressSameAsAddress). The form edits either; switching
 * moves what was typed.
 */
export function useAddressPlacement() {
  const store = useOrderDraftStore();
  const base = (placement: AddressPlacement) => (placement === 'customer' ? 'customer' : 'customer.customerInfo');
  const sameAsKey = (placement: AddressPlacement) =>
    placement === 'customer' ? 'billingAddressSameAsShippingAddress' : 'billingAddressSameAsAddress';
  const keys = (placement: AddressPlacement) => ['shippingAddress', 'billingAddress', sameAsKey(placement)];

  const placement = computed<AddressPlacement>({
    get: () =>
      keys('customerInfo').some((key) => store.get(`customer.customerInfo.${key}`) !== undefined)
        ? 'customerInfo'
        : 'customer',
    set: (to) => {
      const from: AddressPlacement = to === 'customer' ? 'customerInfo' : 'customer';
      keys(from).forEach((key, index) => {
        const value = store.get(`${base(from)}.${key}`);
        store.set(`${base(from)}.${key}`, undefined);
        if (value !== undefined) store.set(`${base(to)}.${keys(to)[index]}`, value);
      });
    },
  });
  const basePath = computed(() => base(placement.value));
  const sameAsPath = computed(() => `${basePath.value}.${sameAsKey(placement.value)}`);
  const sameAsShipping = computed({
    get: () => store.get(sameAsPath.value) === true,
    // Billing equal to shipping: the flag says it, so a separate billing address is not sent.
    set: (value: boolean) => {
      store.set(sameAsPath.value, value ? true : undefined);
      if (value) store.set(`${basePath.value}.billingAddress`, undefined);
    },
  });
  return { placement, basePath, sameAsPath, sameAsShipping };
}
