import { computed } from 'vue';
import { useI18n } from 'vue-i18n';
import { environmentLabel } from '../../components/environment';
import { describePaymentStatus, type StatusDisplay } from '../../composables/payment-status';
import type { TransactionSource } from '../../db/records';

/** Stands in for a row's value while a message is formatted once; never part of a real id. */
const SLOT = '\u0000';

/** `make`, remembered per key: the same few statuses, sources and environments recur on every row. */
function remembered<T>(make: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    if (!known.has(key)) known.set(key, make(key));
    return known.get(key) as T;
  };
}

/**
 * The texts History's rows repeat, worked out once per language instead of once per row: the virtual
 * list renders a screenful of new rows on every wheel step, and a message lookup per cell and row made
 * translation the largest part of each step. Only messages that fill in plain text are templated here.
 */
export function useHistoryRowText() {
  const { t, locale } = useI18n();
  return computed(() => {
    void locale.value; // a language switch builds a new set (and empties what was remembered)
    /** `key`'s message with `param` filled in per row by concatenation. */
    const template = (key: string, param: string) => {
      const [before = '', after] = t(key, { [param]: SLOT }).split(SLOT);
      return after === undefined ? () => before : (value: string) => `${before}${value}${after}`;
    };
    const status = remembered((key) => {
      const [statusKey, statusCode] = key.split(SLOT);
      return describePaymentStatus(statusKey, statusCode || null);
    });
    return {
      selectRow: template('history.selectRow', 'id'),
      openRow: template('history.openRow', 'id'),
      finalSuffix: t('paymentStatus.finalSuffix'),
      status: (statusKey: string, statusCode: string | null | undefined): StatusDisplay =>
        status(`${statusKey}${SLOT}${statusCode ?? ''}`),
      source: remembered((source) => t(`history.source.${source as TransactionSource}`)),
      environment: remembered(environmentLabel),
    };
  });
}
