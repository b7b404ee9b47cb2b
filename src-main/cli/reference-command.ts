import { useEnvironmentSignature } from './follow-up-signature';
import { gatewayCommand } from './gateway-command';

export const referenceCommand = gatewayCommand({
  summary: 'Generate a Multibanco reference for a transaction; never retried',
  usage: `Usage: gateway-console reference [--profile P] <transactionID> [--json] [--confirm AMOUNT] [--allow-method-not-in-order]

Uses the transactionSignature kept from the create call (Digest auth). Refused before sending when the
order's paymentMethod list lacks REFERENCE, unless --allow-method-not-in-order (QA).`,
  extraOptions: { 'allow-method-not-in-order': { type: 'boolean' } },
  positionals: 1,
  transactionIdFirst: true,
  async call({ core, profileId, positionals, values, confirmation }) {
    const transactionId = positionals[0]!;
    await useEnvironmentSignature(core, profileId, transactionId);
    const allowMethodNotInOrder = values['allow-method-not-in-order'] === true;
    return core.gateway.generateReference({ profileId, transactionId, confirmation, allowMethodNotInOrder });
  },
});
