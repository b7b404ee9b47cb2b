/**
 * How a payment status is shown everywhere (design: one colour meaning): Success green; Pending and
 * InProcessing blue; Partial amber; Declined and Error red; Timeout and Expired grey. The meaning and
 * finality come from the shared gateway table, so the badge, the follow-ups and history never disagree.
 */
import { isPaymentStatus, PAYMENT_STATUSES, type PaymentStatus } from '@shared/gateway/codes';
import { OUTCOME_UNKNOWN, STATUS_NOT_SEEN } from '../db/records';

/** naive-ui tag types: success = green, info = blue, warning = amber, error = red, default = grey. */
export type StatusTone = 'success' | 'info' | 'warning' | 'error' | 'default';

const TONES: Record<PaymentStatus, StatusTone> = {
  Success: 'success',
  Pending: 'info',
  InProcessing: 'info',
  Partial: 'warning',
  Declined: 'error',
  Error: 'error',
  Timeout: 'default',
  Expired: 'default',
};

export interface StatusDisplay {
  /** Text on the badge. */
  label: string;
  tone: StatusTone;
  /** True only for statuses the gateway documents as final; unknown ones are never assumed final. */
  final: boolean;
  /** One sentence for the tooltip: final or not, and what it means. */
  tooltip: string;
}

const LABELS: Partial<Record<PaymentStatus, string>> = { InProcessing: 'In processing' };

/**
 * `status` is the response's paymentStatus (null when the answer had none), or a history row's status
 * key (`OutcomeUnknown`, `NotSeen`). `statusCode` only explains a missing status: `000` means
 * "request processed", never "paid".
 */
export function describePaymentStatus(status: string | null | undefined, statusCode?: string | null): StatusDisplay {
  if (isPaymentStatus(status)) {
    const { final, meaning } = PAYMENT_STATUSES[status];
    return {
      label: LABELS[status] ?? status,
      tone: TONES[status],
      final,
      tooltip: `${final ? 'Final' : 'Not final'}: ${meaning}`,
    };
  }
  if (status === OUTCOME_UNKNOWN)
    return {
      label: 'Outcome unknown',
      tone: 'warning',
      final: false,
      tooltip: 'Not final: the create call got no answer. Check by merchant id before creating the order again.',
    };
  if (status && status !== STATUS_NOT_SEEN) {
    return {
      label: status,
      tone: 'default',
      final: false,
      tooltip: `Not known to be final: "${status}" is not a payment status the gateway documents.`,
    };
  }
  const code =
    statusCode === '000'
      ? 'statusCode 000 only means the request was processed, not that it was paid.'
      : statusCode
        ? `The answer carried statusCode ${statusCode}.`
        : 'The answer carried no returnStatus either.';
  return {
    label: 'No payment status',
    tone: 'default',
    final: false,
    tooltip: `Not final: the gateway did not report a paymentStatus. ${code} Query the status to learn the payment result.`,
  };
}
