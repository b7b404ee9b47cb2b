import { gatewayCommand } from './gateway-command';

export const statusCommand = gatewayCommand({
  summary: 'Query the payment status of a transaction (retried on transient failures)',
  usage: 'Usage: gateway-console status [--profile P] <transactionID> [--json]',
  positionals: 1,
  transactionIdFirst: true,
  call: ({ core, profileId, positionals }) => core.gateway.status({ profileId, transactionId: positionals[0]! }),
});
