/**
 * How a payment status is shown everywhere (design: one colour meaning): Success green; Pending and
 * InProcessing blue; Partial amber; Declined and Error red; Timeout and Expired grey. The meaning and
 * finality come from the shared gateway table, so the badge, the follow-ups and history never disagree.
 */
import { isPaymentStatus, PAYMENT_STATUSES, type PaymentStatus } from '@shared/gateway/codes';
import { OUTCOME_UNKNOWN, STATUS_NOT_SEEN } from '../db/records';
import { t } from '../i18n';

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

/**
 * `status` is the response's paymentStatus (null when the answer had none), or a history row's status
 * key (`OutcomeUnknown`, `NotSeen`). `statusCode` only explains a missing status: `000` means
 * "request processed", never "paid". Texts come from the i18n catalogue (`paymentStatus.*`), keyed by
 * the status itself, so the shared table's English meanings are never shown raw.
 */
export function describePaymentStatus(status: string | null | undefined, statusCode?: string | null): StatusDisplay {
  if (isPaymentStatus(status)) {
    const { final } = PAYMENT_STATUSES[status];
    return {
      label: t(`paymentStatus.label.${status}`),
      tone: TONES[status],
      final,
      tooltip: t('paymentStatus.tooltip', {
        finality: final ? t('paymentStatus.final') : t('paymentStatus.notFinal'),
        meaning: t(`paymentStatus.meaning.${status}`),
      }),
    };
  }
  if (status === OUTCOME_UNKNOWN)
    return {
      label: t('paymentStatus.label.OutcomeUnknown'),
      tone: 'warning',
      final: false,
      tooltip: t('paymentStatus.outcomeUnknown'),
    };
  if (status && status !== STATUS_NOT_SEEN) {
    return { label: status, tone: 'default', final: false, tooltip: t('paymentStatus.undocumented', { status }) };
  }
  const code =
    statusCode === '000'
      ? t('paymentStatus.code000')
      : statusCode
        ? t('paymentStatus.codeOther', { code: statusCode })
        : t('paymentStatus.codeNone');
  return {
    label: t('paymentStatus.label.none'),
    tone: 'default',
    final: false,
    tooltip: t('paymentStatus.missing', { code }),
  };
}
