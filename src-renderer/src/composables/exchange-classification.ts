import type { ExchangeClassification } from '@shared/exchange';
import type { StatusTone } from './payment-status';
import { t } from '../i18n';

/** How each Exchange classification reads to a user, and its colour (red for failures, amber for "check"). */
export const CLASSIFICATION_TONES: Record<ExchangeClassification, StatusTone> = {
  ok: 'success',
  'gateway-error': 'error',
  'http-error': 'error',
  'retry-advised': 'warning',
  timeout: 'error',
  network: 'error',
  'invalid-response': 'error',
  'outcome-unknown': 'warning',
};

export function describeClassification(classification: string): { label: string; tone: StatusTone } {
  return Object.hasOwn(CLASSIFICATION_TONES, classification)
    ? {
        label: t(`classification.${classification}`),
        tone: CLASSIFICATION_TONES[classification as ExchangeClassification],
      }
    : { label: classification, tone: 'error' };
}
