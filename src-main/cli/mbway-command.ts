import { useEnvironmentSignature } from './follow-up-signature';
import { gatewayCommand } from './gateway-command';

export const mbwayCommand = gatewayCommand({
  summary: 'Ask the shopper to pay a transaction with MB WAY; never retried',
  usage: `Usage: gateway-console mbway [--profile P] <transactionID> --phone PHONE [--json] [--confirm AMOUNT] [--allow-method-not-in-order]

PHONE may be +351 912 345 678, 912345678 or 351#912345678; it is sent as 351#912345678.
Refused before sending when the order's paymentMethod list lacks MBWAY, unless --allow-method-not-in-order (QA).`,
  extraOptions: { phone: { type: 'string' }, 'allow-method-not-in-order': { type: 'boolean' } },
  required: ['phone'],
  positionals: 1,
  transactionIdFirst: true,
  async call({ core, profileId, positionals, values, confirmation }) {
    const phone = String(values.phone);
    const transactionId = positionals[0]!;
    await useEnvironmentSignature(core, profileId, transactionId);
    const allowMethodNotInOrder = values['allow-method-not-in-order'] === true;
    return core.gateway.mbwayPurchase({ profileId, transactionId, phone, confirmation, allowMethodNotInOrder });
  },
});
