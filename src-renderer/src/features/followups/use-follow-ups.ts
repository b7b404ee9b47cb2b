/**
 * The follow-up calls on one transaction and their results. Money-moving calls (reference, MB WAY,
 * action) are sent once per click and never retried here; only the read-only status query repeats
 * (Poll until final), on the schedule of poll-schedule.ts.
 */
import { computed, onScopeDispose, ref, shallowRef, watch, type Ref } from 'vue';
import type { ConsoleApi } from '@shared/contract';
import type { GatewayCallResult, ProductionConfirmation } from '@shared/contract/orders';
import type { Profile } from '@shared/contract/profiles';
import { isFinalPaymentStatus } from '@shared/gateway/codes';
import type { Result } from '@shared/result';
import { startPoll, type PollCheck, type PollController, type PollState } from '../../composables/poll-schedule';
import {
  readPendingAction,
  toFollowUpResult,
  type FollowUpKind,
  type FollowUpResult,
  type MultibancoReference,
  type PendingAction,
} from './follow-up-result';

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
const KEPT_RESULTS = 20;

export function useFollowUps(api: FollowUpApi, target: Readonly<Ref<FollowUpTarget>>) {
  const profile = shallowRef<Profile | null>(null);
  const busy = ref<FollowUpKind | null>(null);
  const results = ref<FollowUpResult[]>([]);
  const poll = shallowRef<PollState | null>(null);
  const now = ref(Date.now());
  /** What the user typed to confirm a production call (must equal the profile's name). */
  const confirmationName = ref('');
  let controller: PollController | null = null;
  let ticker: ReturnType<typeof setInterval> | undefined;

  const methods = computed(() => target.value.methods ?? []);
  const offers = (...codes: string[]) => methods.value.length === 0 || codes.some((c) => methods.value.includes(c));
  const canReference = computed(() => offers('REFERENCE'));
  const canMbway = computed(() => offers('MBWAY'));

  const latest = computed(() => results.value.find((r) => r.paymentStatus !== null) ?? null);
  const currentStatus = computed(() => latest.value?.paymentStatus ?? null);
  const isFinal = computed(() => isFinalPaymentStatus(currentStatus.value));
  // Kept apart from the (capped) results list, so a long poll never pushes them out.
  const reference = shallowRef<MultibancoReference | null>(null);
  const reportedAction = shallowRef<PendingAction | null>(null);
  const actionDone = ref(false);
  /** The step still to perform: from a later answer (Partial + actionResponse), else from the create response. */
  const pendingAction = computed(() =>
    actionDone.value ? null : (reportedAction.value ?? readPendingAction(target.value.actionResponse)),
  );

  const production = computed(() => profile.value?.environment === 'production');
  const confirmationProblem = computed(() => {
    if (!production.value) return null;
    if (target.value.amount === null || target.value.amount === undefined)
      return 'The amount of this transaction is not known here, so a production call cannot be confirmed.';
    if (confirmationName.value.trim() !== profile.value?.name)
      return `Type the profile name "${profile.value?.name}" to confirm calls that move money in production.`;
    return null;
  });
  const confirmation = (): ProductionConfirmation | undefined =>
    production.value && target.value.amount != null
      ? { profileName: confirmationName.value.trim(), amount: target.value.amount }
      : undefined;

  async function loadProfile(): Promise<void> {
    const found = await api['profiles.get']({ id: target.value.profileId });
    profile.value = found.ok ? found.value : null;
  }

  function keep(result: FollowUpResult): FollowUpResult {
    if (result.reference) reference.value = result.reference;
    if (result.action) {
      reportedAction.value = result.action;
      actionDone.value = false;
    } else if (result.kind === 'action' && result.succeeded) actionDone.value = true;
    const [newest, ...older] = results.value;
    // Polling repeats the same answer: count it on one row instead of adding rows.
    const repeated =
      newest !== undefined &&
      result.kind === 'status' &&
      newest.kind === 'status' &&
      newest.summary === result.summary &&
      newest.paymentStatus === result.paymentStatus;
    results.value = repeated
      ? [{ ...result, repeats: newest.repeats + 1 }, ...older]
      : [result, ...results.value].slice(0, KEPT_RESULTS);
    return result;
  }

  async function run(kind: FollowUpKind, call: () => Promise<Result<GatewayCallResult>>): Promise<FollowUpResult> {
    busy.value = kind;
    try {
      return keep(toFollowUpResult(kind, await call()));
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
    return {
      status: result.paymentStatus,
      final: isFinalPaymentStatus(result.paymentStatus),
      ...(hopeless ? { stopWith: [result.summary, result.failure?.suggestedAction].filter(Boolean).join(' — ') } : {}),
    };
  }

  function stopTicker(): void {
    if (ticker !== undefined) clearInterval(ticker);
    ticker = undefined;
  }

  function startPolling(): void {
    if (poll.value?.running) return;
    const expiry = target.value.expiry ? Date.parse(target.value.expiry) : NaN;
    now.value = Date.now();
    stopTicker();
    // A one-second tick drives the countdown to the next check; it stops with the poll.
    ticker = setInterval(() => (now.value = Date.now()), 1000);
    controller = startPoll({
      check: checkOnce,
      expiryMs: Number.isNaN(expiry) ? null : expiry,
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
      results.value = [];
      reference.value = null;
      reportedAction.value = null;
      actionDone.value = false;
      poll.value = null;
      confirmationName.value = '';
      void loadProfile();
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    cancelPolling();
    stopTicker();
  });

  return {
    profile,
    busy,
    results,
    poll,
    now,
    confirmationName,
    confirmationProblem,
    production,
    canReference,
    canMbway,
    currentStatus,
    latest,
    isFinal,
    reference,
    pendingAction,
    generateReference,
    mbwayPurchase,
    refreshStatus,
    performAction,
    startPolling,
    cancelPolling,
  };
}
