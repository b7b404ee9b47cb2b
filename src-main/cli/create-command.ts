import { ConsoleFailure } from '@shared/result';
import { readFile } from 'node:fs/promises';
import { gatewayCommand } from './gateway-command';

export const createCommand = gatewayCommand({
  summary: 'Create an order from a JSON file (POST /payments); never retried',
  usage: `Usage: gateway-console create [--profile P] --file order.json [--json] [--confirm AMOUNT] [--accept-warnings]

Creates an order with the profile's variant. The file holds the order body (merchant, transaction, …);
merchant.terminalId defaults to the profile's. The body is validated first: an invalid order is not sent.
An order with a warning (a Multibanco reference valid for less than 24 hours) is sent only with --accept-warnings.`,
  extraOptions: { file: { type: 'string' }, 'accept-warnings': { type: 'boolean' } },
  required: ['file'],
  positionals: 0,
  async call({ core, profileId, values, confirmation }) {
    const file = String(values.file);
    let order: unknown;
    try {
      order = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new ConsoleFailure('invalid-file', `Could not read the order from ${file}: ${(error as Error).message}`);
    }
    return core.gateway.createOrder({
      profileId,
      order,
      confirmation,
      acceptWarnings: values['accept-warnings'] === true,
    });
  },
});
