/**
 * A transaction's sequence diagram from what History recorded, in the current language, drawn by the one
 * typed-model SVG renderer the QA reports use too (@shared/diagram/sequence-svg).
 */
import { computed, ref, watch, type Ref } from 'vue';
import { loadTransactionRecord } from '../db/exchange-query';
import { useHistoryDb } from '../db/history-db';
import type { NotificationRecord } from '../db/records';
import { t } from '../i18n';
import { latestClockOffset, worldTimeLabel, type ClockKind } from './world-time';
import { layoutSvg, sequenceLayout, type SequenceLayout } from '@shared/diagram/sequence-svg';
import {
  diagramExchangeOf,
  diagramMessages,
  type DiagramMessage,
  type DiagramNotification,
  type DiagramWords,
} from '../services/sequence-diagram';

export function diagramWords(): DiagramWords {
  return {
    participant: {
      shop: t('demo.diagram.participant.shop'),
      gateway: t('demo.diagram.participant.gateway'),
      shopper: t('demo.diagram.participant.shopper'),
      receiver: t('demo.diagram.participant.receiver'),
    },
    operation: {
      createOrder: t('demo.diagram.operation.createOrder'),
      generateReference: t('demo.diagram.operation.generateReference'),
      mbwayPurchase: t('demo.diagram.operation.mbwayPurchase'),
      getStatus: t('demo.diagram.operation.getStatus'),
      performAction: t('demo.diagram.operation.performAction'),
    },
    shopperAnswers: (method, status) =>
      method === 'REFERENCE'
        ? t('demo.diagram.pays')
        : status === 'Success'
          ? t('demo.diagram.approves')
          : method === 'MBWAY'
            ? t('demo.diagram.declines', { status })
            : t('demo.diagram.answers', { status }),
    notification: (status, duplicate) =>
      duplicate ? t('demo.diagram.duplicate', { status }) : t('demo.diagram.notification', { status }),
    acknowledged: t('demo.diagram.acknowledged'),
    noAnswer: t('demo.diagram.noAnswer'),
    showReference: t('demo.diagram.showReference'),
    mbwayOnPhone: t('demo.diagram.mbwayOnPhone'),
  };
}

export const toDiagramExchange = diagramExchangeOf;

export const toDiagramNotification = (notification: NotificationRecord): DiagramNotification => {
  const payload = (notification.payload ?? {}) as { paymentMethod?: unknown };
  return {
    id: notification.id,
    receivedAt: notification.receivedAt,
    paymentStatus: notification.paymentStatus,
    paymentMethod: typeof payload.paymentMethod === 'string' ? payload.paymentMethod : null,
    duplicate: (notification as { duplicate?: unknown }).duplicate === true,
  };
};

export function useSequenceDiagram(
  transactionId: Ref<string | null>,
  revision: Ref<number>,
  clockKind: Readonly<Ref<ClockKind>> = ref('sandbox'),
) {
  const layout = ref<SequenceLayout | null>(null);
  /** The transaction's latest gateway clock offset: the diagram's times are on that clock. */
  const clockOffsetMs = ref<number | null>(null);
  /** The same picture as SVG text, for the export. */
  const svg = computed(() => (layout.value ? layoutSvg(layout.value) : null));
  const messages = ref<DiagramMessage[]>([]);
  const error = ref<string | null>(null);
  const loading = ref(false);

  async function draw(): Promise<void> {
    const id = transactionId.value;
    if (!id) {
      layout.value = null;
      messages.value = [];
      return;
    }
    loading.value = true;
    error.value = null;
    try {
      const record = await loadTransactionRecord(useHistoryDb(), id);
      const words = diagramWords();
      const list = diagramMessages(
        record.exchanges.map(toDiagramExchange),
        record.notifications.map(toDiagramNotification),
        words,
      );
      messages.value = list;
      clockOffsetMs.value = latestClockOffset(record.exchanges)?.offsetMs ?? null;
      // The exported picture says which clock its times are on, as the screen does.
      const clockLabel = worldTimeLabel(clockOffsetMs.value, clockKind.value);
      const title = t('demo.diagram.label', { id, count: list.length });
      layout.value = list.length
        ? sequenceLayout(list, words, { title: clockLabel ? `${title} · ${clockLabel}` : title })
        : null;
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure);
      layout.value = null;
    } finally {
      loading.value = false;
    }
  }

  watch([transactionId, revision, clockKind], () => void draw(), { immediate: true });
  return { layout, svg, messages, error, loading, draw, clockOffsetMs };
}
