/**
 * The follow-up calls on one transaction and the card that shows them. The card (status, reference, log,
 * what is still allowed) is derived from what history recorded about the transaction (order-card.ts),
 * never kept here: each call's exchange is recorded first and the card is read back, so leaving the
 * screen, reloading or restarting shows the same card. Money-moving calls (reference, MB WAY, action)
 * are sent once per click and never retried here; only the read-only status query repeats (Poll until
 * final), on the schedule of poll-schedule.ts.
 */
import { computed, onScopeDispose, ref, shallowRef, watch, type Ref } from 'vue';
import type { ConsoleApi } from '@shared/contract';
import type { Exchange } from '@shared/exchange';
import type { GatewayCallResult, ProductionConfirmation } from '@shared/contract/orders';
import type { Profile } from '@shared/contract/profiles';
import { allowedActions } from '@shared/transaction-state';
import type { Result } from '@shared/result';
import { startPoll, type PollCheck, type PollController, type PollState } from '../../composables/poll-schedule';
import { latestClockOffset } from '../../services/clock-offset';
import { loadTransactionRecord } from '../../db/exchange-query';
import { useHistoryDb } from '../../db/history-db';
import type { NotificationRecord } from '../../db/records';
import { useHistoryRecorderStore } from '../../stores/history-recorder';
import { readPendingAction, toFollowUpResult, type FollowUpKind, type FollowUpResult } from './follow-up-result';
import { deriveOrderCard, EMPTY_ORDER_CARD, type OrderCard } from './order-card';
import { t } from '../../i18n';

export interface FollowUpTarget {
  transactionId: string;
  profileId: string;
  /** The order's expiry (ISO 8601) from the create response; polling stops there. */
  expiry?: string | null;
  /** paymentMethodList of the order: which follow-ups apply. */
  methods?: readonly string[];
  /** The order amount, needed to confirm calls on a production profile. */
  amount?: number | null;
  /** The create response's actionResponse, when it had one. */
  actionResponse?: unknown;
}

type FollowUpApi = Pick<
  ConsoleApi,
  | 'payments.generateReference'
  | 'payments.mbwayPurchase'
  | 'payments.status'
  | 'payments.performAction'
  | 'profiles.get'
>;

/** HTTP statuses where asking again cannot help: stop polling and show why. */
const HOPELESS_HTTP = new Set([400, 401, 403, 404, 405]);

/** Where the card is read from and calls are recorded to (history's IndexedDB; replaceable in tests). */
export interface FollowUpRecord {
  load(transactionId: string): Promise<{ exchanges: Exchange[]; notifications: NotificationRecord[] }>;
  /** Records an exchange (idempotent per id: the push event records it too); false when it could not be saved. */
  record(exchange: Exchange): Promise<boolean>;
  /** Changes whenever history recorded something (another screen, a notification, the push event). */
  revision: Readonly<Ref<number>>;
}

export function historyRecord(): FollowUpRecord {
  const recorder = useHistoryRecorderStore();
  return {
    load: (transactionId) => loadTransactionRecord(useHistoryDb(), transactionId),
    record: async (exchange) => (await recorder.record(exchange)) !== null,
    revision: computed(() => recorder.revision),
  };
}

export function useFollowUps(
  api: FollowUpApi,
  target: Readonly<Ref<FollowUpTarget>>,
  store: FollowUpRecord = historyRecord(),
) {
  const profile = shallowRef<Profile | null>(null);
  const busy = ref<FollowUpKind | null>(null);
  /** The card as last read from history. */
  const card = shallowRef<OrderCard>(EMPTY_ORDER_CARD);
  /** True once the first read finished (buttons wait for it: the record decides what is allowed). */
  const loaded = ref(false);
  /** A call main refused before sending (nothing was recorded): shown until the next call. */
  const notSent = shallowRef<FollowUpResult | null>(null);
  /**
   * Answers history could not save (storage full): kept for this card until history has them, so a
   * money-moving call that went through still counts as done and is not offered again.
   */
  let unsaved: Exchange[] = [];
  const results = computed(() => card.value.results);
  const poll = shallowRef<PollState | null>(null);
  const now = ref(Date.now());
  /** The transaction's gateway clock minus ours (its latest answer's): the expiry is on that clock. */
  const clockOffsetMs = ref<number | null>(null);
  /** What the user typed to confirm a production call (must equal the profile's name). */
  const confirmationName = ref('');
  let controller: PollController | null = null;
  let ticker: ReturnType<typeof setInterval> | undefined;

  // What the caller passed wins; the rest comes from the recorded create exchange.
  const order = computed(() => card.value.order);
  const methods = computed(() => (target.value.methods?.length ? target.value.methods : (order.value?.methods ?? [])));
  const expiry = computed(() => target.value.expiry ?? order.value?.expiry ?? null);
  const amount = computed(() => target.value.amount ?? order.value?.amount ?? null);
  const offers = (...codes: string[]) => methods.value.length === 0 || codes.some((c) => methods.value.includes(c));
  const canReference = computed(() => offers('REFERENCE'));
  const canMbway = computed(() => offers('MBWAY'));

  const currentStatus = computed(() => card.value.currentStatus);
  const statusCode = computed(() => card.value.statusCode);
  const isFinal = computed(() => card.value.isFinal);
  const declineReason = computed(() => card.value.declineReason);
  const reference = computed(() => card.value.reference);
  const referenceGenerated = computed(() => card.value.reference !== null);
  const mbwayRequested = computed(() => card.value.mbwayRequested);
  /** The step still to perform: from a later answer (Partial + actionResponse), else from the create response. */
  const pendingAction = computed(() => {
    if (card.value.order || !target.value.actionResponse) return card.value.pendingAction;
    // The create exchange is not in history (e.g. cleared): only the caller's actionResponse is known.
    const performed = card.value.results.some((r) => r.kind === 'action' && r.succeeded);
    return performed ? null : (card.value.pendingAction ?? readPendingAction(target.value.actionResponse));
  });

  /**
   * What may still be done: the shared derivation's guards (transaction-state.ts), the same for a fresh
   * order and one opened from History, and the ones main applies before sending.
   */
  const actions = computed(() =>
    allowedActions(card.value.isFinal, {
      transactionId: target.value.transactionId,
      methods: methods.value,
      referenceGenerated: referenceGenerated.value,
      mbwayRequested: mbwayRequested.value,
      actionPending: pendingAction.value !== null,
      expiry: expiry.value,
    }),
  );

  const production = computed(() => profile.value?.environment === 'production');
  const confirmationProblem = computed(() => {
    if (!production.value) return null;
    if (amount.value === null) return t('followups.amountUnknown');
    if (confirmationName.value.trim() !== profile.value?.name)
      return t('followups.typeName', { name: profile.value?.name ?? '' });
    return null;
  });
  const confirmation = (): ProductionConfirmation | undefined =>
    production.value && amount.value !== null
      ? { profileName: confirmationName.value.trim(), amount: amount.value }
      : undefined;

  async function loadProfile(): Promise<void> {
    const found = await api['profiles.get']({ id: target.value.profileId });
    profile.value = found.ok ? found.value : null;
  }

  // Reads are numbered so that a slow, older read never overwrites a newer one.
  let reads = 0;
  async function reload(): Promise<void> {
    const mine = ++reads;
    const { transactionId } = target.value;
    try {
      const recorded = await store.load(transactionId);
      if (mine !== reads || transactionId !== target.value.transactionId) return;
      const stored = new Set(recorded.exchanges.map((e) => e.id));
      unsaved = unsaved.filter((e) => !stored.has(e.id));
      const exchanges = [...recorded.exchanges, ...unsaved];
      card.value = deriveOrderCard(exchanges, recorded.notifications);
      clockOffsetMs.value = latestClockOffset(exchanges)?.offsetMs ?? null;
      loaded.value = true;
    } catch {
      // History unreadable: keep the last card; the History screen reports storage problems.
    }
  }

  async function run(kind: FollowUpKind, call: () => Promise<Result<GatewayCallResult>>): Promise<FollowUpResult> {
    busy.value = kind;
    notSent.value = null;
    try {
      const answer = await call();
      const result = toFollowUpResult(kind, answer);
      if (!answer.ok) notSent.value = result;
      else if (!(await store.record(answer.value.exchange))) unsaved = [...unsaved, answer.value.exchange];
      await reload();
      return result;
    } finally {
      busy.value = null;
    }
  }

  const ids = () => ({ profileId: target.value.profileId, transactionId: target.value.transactionId });
  const withConfirmation = () => {
    const c = confirmation();
    return c ? { confirmation: c } : {};
  };

  const generateReference = () =>
    run('reference', () => api['payments.generateReference']({ ...ids(), ...withConfirmation() }));

  const mbwayPurchase = (phone: string) =>
    run('mbway', () => api['payments.mbwayPurchase']({ ...ids(), phone, ...withConfirmation() }));

  const refreshStatus = () => run('status', () => api['payments.status'](ids()));

  async function performAction(): Promise<FollowUpResult | null> {
    const action = pendingAction.value;
    if (!action) return null;
    return run('action', () =>
      api['payments.performAction']({ ...ids(), url: action.url, params: action.params, ...withConfirmation() }),
    );
  }

  async function checkOnce(): Promise<PollCheck> {
    const result = await refreshStatus();
    const httpStatus = result.exchange?.response?.status;
    const hopeless = result.exchange === null || (httpStatus !== undefined && HOPELESS_HTTP.has(httpStatus));
    // The card was read back after the answer: final by this answer or by anything recorded meanwhile
    // (a notification), so polling stops as soon as any view would say final.
    return {
      status: card.value.currentStatus ?? result.paymentStatus,
      final: card.value.isFinal,
      ...(hopeless ? { stopWith: [result.summary, result.failure?.suggestedAction].filter(Boolean).join(' — ') } : {}),
    };
  }

  function stopTicker(): void {
    if (ticker !== undefined) clearInterval(ticker);
    ticker = undefined;
  }

  function startPolling(): void {
    if (poll.value?.running) return;
    // The poll's timers run on this machine's clock; the expiry is on the gateway's.
    const expiryMs = expiry.value ? Date.parse(expiry.value) - (clockOffsetMs.value ?? 0) : NaN;
    now.value = Date.now();
    stopTicker();
    // A one-second tick drives the countdown to the next check; it stops with the poll.
    ticker = setInterval(() => (now.value = Date.now()), 1000);
    controller = startPoll({
      check: checkOnce,
      expiryMs: Number.isNaN(expiryMs) ? null : expiryMs,
      onUpdate: (state) => {
        poll.value = state;
        now.value = Date.now();
        if (!state.running) stopTicker();
      },
    });
  }

  function cancelPolling(): void {
    controller?.cancel();
  }

  // Another transaction: forget this one's results and stop asking about it.
  // A string key: the target object is recomputed whenever new session exchanges arrive.
  watch(
    () => `${target.value.profileId}\u0000${target.value.transactionId}`,
    () => {
      cancelPolling();
      card.value = EMPTY_ORDER_CARD;
      clockOffsetMs.value = null;
      unsaved = [];
      loaded.value = false;
      notSent.value = null;
      poll.value = null;
      confirmationName.value = '';
      void loadProfile();
      void reload();
    },
    { immediate: true },
  );
  // Anything recorded elsewhere (a notification, a refresh from History, the push event) may concern us.
  watch(store.revision, () => void reload());
  onScopeDispose(() => {
    cancelPolling();
    stopTicker();
  });

  return {
    profile,
    clockOffsetMs,
    busy,
    card,
    loaded,
    notSent,
    results,
    poll,
    now,
    confirmationName,
    confirmationProblem,
    production,
    canReference,
    canMbway,
    actions,
    currentStatus,
    statusCode,
    isFinal,
    declineReason,
    reference,
    referenceGenerated,
    mbwayRequested,
    pendingAction,
    expiry,
    reload,
    generateReference,
    mbwayPurchase,
    refreshStatus,
    performAction,
    startPolling,
    cancelPolling,
  };
}
