import type { ExchangeClassification } from '@shared/exchange';
import type { StatusTone } from './payment-status';

/** How each Exchange classification reads to a user, and its colour (red for failures, amber for "check"). */
export const CLASSIFICATION_DISPLAY: Record<ExchangeClassification, { label: string; tone: StatusTone }> = {
  ok: { label: 'Processed', tone: 'success' },
  'gateway-error': { label: 'Gateway error', tone: 'error' },
  'http-error': { label: 'HTTP error', tone: 'error' },
  'retry-advised': { label: 'Retry advised', tone: 'warning' },
  timeout: { label: 'Timed out', tone: 'error' },
  network: { label: 'Network failure', tone: 'error' },
  'invalid-response': { label: 'Invalid response', tone: 'error' },
  'outcome-unknown': { label: 'Outcome unknown', tone: 'warning' },
};

export function describeClassification(classification: string): { label: string; tone: StatusTone } {
  return Object.hasOwn(CLASSIFICATION_DISPLAY, classification)
    ? CLASSIFICATION_DISPLAY[classification as ExchangeClassification]
    : { label: classification, tone: 'error' };
}
