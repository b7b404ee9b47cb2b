import { useEnvironmentSignature } from './follow-up-signature';
import { gatewayCommand } from './gateway-command';

export const referenceCommand = gatewayCommand({
  summary: 'Generate a Multibanco reference for a transaction; never retried',
  usage: `Usage: gateway-console reference [--profile P] <transactionID> [--json] [--confirm AMOUNT]

Uses the transactionSignature kept from the create call (Digest auth).`,
  positionals: 1,
  transactionIdFirst: true,
  async call({ core, profileId, positionals, confirmation }) {
    const transactionId = positionals[0]!;
    await useEnvironmentSignature(core, profileId, transactionId);
    return core.gateway.generateReference({ profileId, transactionId, confirmation });
  },
});
