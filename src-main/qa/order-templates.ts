/**
 * The `create` step's starting point: an order that passes validation as it stands for the variant (the
 * same shape as the Orders screen's first draft), with a merchantTransactionId unique to the run.
 * Overrides then set fields by dotted path: `transaction.amount.value: 4.29`.
 */
import { ConsoleFailure } from '@shared/result';
import { forbiddenSegment, ownValue } from './safe-keys';
import { mainText } from '@shared/console-text';
import { defaultOrder } from '@shared/gateway/default-order';

const DEVICE_INFO = {
  browserAcceptHeader: 'application/json',
  browserJavaEnabled: 'false',
  browserJavascriptEnabled: 'true',
  browserLanguage: 'pt-PT',
  browserColorDepth: '24',
  browserScreenHeight: '1080',
  browserScreenWidth: '1920',
  browserTZ: '0',
  browserUserAgent: 'Gateway Console QA runner',
  applicationName: 'Form:GatewayConsoleQA',
  applicationVersion: '1.0:1.0',
};

export function templateOrder(variant: 'A' | 'B', terminalId: string, merchantTransactionId: string, now = new Date()) {
  return defaultOrder({
    variant,
    terminalId,
    merchantTransactionId,
    at: now,
    transactionDescription: 'Gateway Console QA scenario',
    description: 'QA scenario order',
    deviceInfo: DEVICE_INFO,
  });
}

/**
 * Sets `value` at a dotted path, creating objects on the way; `null` removes the field. Only own
 * properties are followed and a path through object machinery is refused (the loader refuses it first:
 * this keeps the setter safe whoever calls it).
 */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const segment = forbiddenSegment(path);
  if (segment !== null) throw new ConsoleFailure('invalid-input', mainText('forbiddenKey', { path, segment }));
  const keys = path.split('.');
  let current: Record<string, unknown> = target;
  for (const key of keys.slice(0, -1)) {
    const next = ownValue(current, key);
    if (next === null || typeof next !== 'object' || Array.isArray(next)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1]!;
  if (value === null) delete current[last];
  else current[last] = value;
}
