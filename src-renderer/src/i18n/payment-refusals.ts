import { consoleErrorText } from './console-error';
import type { ConsoleError } from '@shared/result';
import { formatDateTime } from './format';
import { t } from './index';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Main's refusals of a payment call (final payment, reused merchantTransactionId, QA override on
 * production) in the user's language, from the code and the details main sent (its dates in the user's
 * format); any other error by its text id (consoleErrorText).
 */
export function paymentRefusalText(error: ConsoleError): string {
  const details = (typeof error.details === 'object' && error.details !== null ? error.details : {}) as Record<
    string,
    unknown
  >;
  switch (error.code) {
    case 'payment-final':
      return t('paymentRefusal.final', {
        transactionId: text(details.transactionId),
        status: text(details.status),
        learnedAt: details.learnedAt ? formatDateTime(text(details.learnedAt)) : '',
      });
    case 'duplicate-merchant-transaction-id':
      if (details.transactionId)
        return t('paymentRefusal.duplicate', {
          merchantTransactionId: text(details.merchantTransactionId),
          transactionId: text(details.transactionId),
        });
      if (details.outcomeUnknownSince)
        return t('paymentRefusal.duplicateOutcomeUnknown', {
          merchantTransactionId: text(details.merchantTransactionId),
          sentAt: formatDateTime(text(details.outcomeUnknownSince)),
        });
      return t('paymentRefusal.duplicateInFlight', { merchantTransactionId: text(details.merchantTransactionId) });
    case 'override-not-allowed':
      return t('paymentRefusal.overrideNotAllowed');
    default:
      return consoleErrorText(error);
  }
}
