/**
 * The guided tour's engine: runs each step's calls through the ConsoleApi (the same calls a merchant's
 * server makes), keeps what the tour stage shows (the exchange, the transaction, its notifications), and
 * drives driver.js over the stage. Its place is saved after every step, so a paused tour resumes at the
 * start of the flow it was in. Production profiles are never offered (see DemoView).
 */
import { driver, type Driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import { computed, reactive, ref, shallowRef } from 'vue';
import type { Exchange } from '@shared/exchange';
import type { SimulatorDelivery } from '@shared/contract/simulator';
import { useConsoleApi } from '../../api';
import { t } from '../../i18n';
import { useHistoryRecorderStore } from '../../stores/history-recorder';
import { useProfilesStore } from '../../stores/profiles';
import { defaultDraft } from '../orders/order-defaults';
import { resumeIndex, stageSelector, TOUR_STEPS, type TourAction } from './tour-steps';
import { consoleErrorText } from '../../i18n/console-error';
import { describePaymentStatus } from '../../composables/payment-status';

export const TOUR_PLACE_KEY = 'gateway-console.demo-tour';
const FINAL = new Set(['Success', 'Declined', 'Error', 'Timeout', 'Expired']);
const POLL_SECONDS = 3;

interface CallResult {
  exchange: Exchange;
  response: unknown;
}

type Unwrapped<T> = T extends { ok: true; value: infer V } ? V : never;

async function unwrap<R extends { ok: boolean }>(pending: Promise<R>): Promise<Unwrapped<R>> {
  const result = (await pending) as R & { value?: unknown; error?: { message: string } };
  if (!result.ok) throw new Error(result.error?.message ?? 'failed');
  return result.value as Unwrapped<R>;
}

export function useDemoTour() {
  const api = useConsoleApi();
  const profiles = useProfilesStore();
  const recorder = useHistoryRecorderStore();

  const profileIds = reactive({ A: 'sandbox-a', B: 'sandbox-b' });
  const stage = reactive({
    stepIndex: -1,
    busy: false,
    error: null as string | null,
    transactionId: null as string | null,
    manualText: null as string | null,
    pollText: null as string | null,
    /** Phone used on a real test environment (the Sandbox uses its magic phones). */
    testPhone: '351#912345678',
  });
  const exchange = shallowRef<Exchange | null>(null);
  const deliveries = shallowRef<SimulatorDelivery[]>([]);
  const created = shallowRef<unknown>(null);
  const reference = ref<string | null>(null);
  let tour: Driver | null = null;
  let pollTimer: ReturnType<typeof setTimeout> | null = null;

  const isSandbox = (id: string) => profiles.profiles.find((p) => p.id === id)?.environment === 'sandbox';
  const onSandbox = computed(() => isSandbox(profileIds.A) && isSandbox(profileIds.B));
  const savedPlace = ref<number | null>(readPlace());

  function readPlace(): number | null {
    try {
      const saved = JSON.parse(localStorage.getItem(TOUR_PLACE_KEY) ?? 'null') as { index?: unknown } | null;
      return typeof saved?.index === 'number' ? saved.index : null;
    } catch {
      return null;
    }
  }
  function savePlace(index: number | null): void {
    if (index === null) localStorage.removeItem(TOUR_PLACE_KEY);
    else localStorage.setItem(TOUR_PLACE_KEY, JSON.stringify({ index }));
    savedPlace.value = index;
  }

  async function show(result: CallResult): Promise<CallResult> {
    exchange.value = result.exchange;
    if (result.exchange.transactionID) stage.transactionId = result.exchange.transactionID;
    // Recorded here too (idempotent per exchange id) so the diagram can draw it right away.
    await recorder.record(result.exchange);
    return result;
  }

  const currentProfile = () => (exchange.value?.profileId ?? profileIds.A) as string;

  async function loadDeliveries(): Promise<void> {
    if (!stage.transactionId || !onSandbox.value) return;
    deliveries.value = await unwrap(api['simulator.deliveries']({ transactionId: stage.transactionId }));
  }

  function stopPoll(): void {
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = null;
  }

  /** On a real test environment the shopper is a person: poll the status until it is final. */
  function startPoll(profileId: string, transactionId: string): void {
    stopPoll();
    const tick = async () => {
      const result = await api['payments.status']({ profileId, transactionId });
      const status = result.ok ? (result.value.exchange.paymentStatus ?? '?') : consoleErrorText(result.error);
      const label = result.ok ? describePaymentStatus(result.value.exchange.paymentStatus).label : status;
      if (result.ok) await show(result.value);
      if (FINAL.has(status)) {
        stage.pollText = t('demo.stage.pollDone', { status: label });
        pollTimer = null;
        return;
      }
      stage.pollText = t('demo.stage.polling', { seconds: POLL_SECONDS, status: label });
      pollTimer = setTimeout(() => void tick(), POLL_SECONDS * 1000);
    };
    void tick();
  }

  async function run(action: TourAction): Promise<void> {
    const transactionId = stage.transactionId ?? '';
    switch (action.kind) {
      case 'none':
        return;
      case 'create': {
        const profileId = profileIds[action.variant];
        const profile = profiles.profiles.find((p) => p.id === profileId);
        const order = defaultDraft(action.variant, profile?.terminalId ?? '1', new Date()) as Record<string, never>;
        const transaction = order.transaction as unknown as { paymentMethod: string[]; amount: { value: number } };
        transaction.paymentMethod = action.methods;
        if (action.amount !== undefined) transaction.amount.value = action.amount;
        const result = await unwrap(api['orders.create']({ profileId, order }));
        // A refused order has no transaction: the stage must not keep showing the previous one's.
        stage.transactionId = result.exchange.transactionID;
        await show(result);
        created.value = result.response;
        deliveries.value = [];
        reference.value = null;
        return;
      }
      case 'mbway':
        await show(
          await unwrap(
            api['payments.mbwayPurchase']({
              profileId: currentProfile(),
              transactionId,
              phone: onSandbox.value ? action.sandboxPhone : stage.testPhone,
            }),
          ),
        );
        return;
      case 'reference': {
        const result = await show(
          await unwrap(api['payments.generateReference']({ profileId: currentProfile(), transactionId })),
        );
        const answer = result.response as { paymentReference?: { reference?: unknown; entity?: unknown } } | null;
        reference.value = answer?.paymentReference
          ? `${String(answer.paymentReference.entity ?? '')} ${String(answer.paymentReference.reference ?? '')}`.trim()
          : null;
        return;
      }
      case 'action': {
        const data = (created.value as { actionResponse?: { data?: { url?: string; params?: unknown[] } } } | null)
          ?.actionResponse?.data;
        if (!data?.url) throw new Error('no actionResponse');
        const params = (data.params ?? []).map((p) => {
          const param = p as { name?: unknown; value?: unknown; data?: unknown };
          return { name: String(param.name ?? ''), value: String(param.value ?? param.data ?? '') };
        });
        await show(
          await unwrap(
            api['payments.performAction']({ profileId: currentProfile(), transactionId, url: data.url, params }),
          ),
        );
        return;
      }
      case 'status':
        stopPoll();
        await show(await unwrap(api['payments.status']({ profileId: currentProfile(), transactionId })));
        await loadDeliveries();
        return;
      case 'shopper':
        if (onSandbox.value) {
          if (action.sandbox === 'clock') await unwrap(api['simulator.advanceClock']({ seconds: 30 }));
          else await unwrap(api['simulator.complete']({ transactionId, paymentStatus: 'Success' }));
          await loadDeliveries();
          stage.manualText = null;
        } else {
          const manual =
            action.manual === 'pay'
              ? t('demo.tour.manualSteps.pay', { reference: reference.value ?? '' })
              : t(`demo.tour.manualSteps.${action.manual}`, { phone: stage.testPhone });
          stage.manualText = t('demo.tour.manual', { action: manual });
          startPoll(currentProfile(), transactionId);
        }
        return;
      case 'error':
        if (onSandbox.value) await run({ kind: 'create', variant: 'A', methods: ['MBWAY'], amount: 5.03 });
        else
          await show(
            await unwrap(api['payments.status']({ profileId: profileIds.A, transactionId: 'demo-unknown-0001' })),
          );
        return;
    }
  }

  /** Runs the calls of step `index`; a failure stays on screen and the step can be tried again. */
  async function prepare(index: number): Promise<boolean> {
    stage.busy = true;
    stage.error = null;
    try {
      for (const action of TOUR_STEPS[index]!.actions) await run(action);
      stage.stepIndex = index;
      savePlace(index);
      return true;
    } catch (failure) {
      stage.error = t('demo.tour.failed', { message: failure instanceof Error ? failure.message : String(failure) });
      return false;
    } finally {
      stage.busy = false;
    }
  }

  function description(id: string, index: number): string {
    const body = t(`demo.tour.steps.${id}.body`);
    const manual = TOUR_STEPS[index]!.actions.some((a) => a.kind === 'shopper') && !onSandbox.value;
    return manual ? `${body}\n\n${stage.manualText ?? ''}` : body;
  }

  function createDriver(): Driver {
    const instance = driver({
      showProgress: true,
      allowClose: true,
      allowKeyboardControl: true,
      // driver.js ignores Next while it animates; with reduced motion asked for there is nothing to wait for.
      animate: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
      smoothScroll: false,
      progressText: t('demo.tour.progress', { current: '{{current}}', total: '{{total}}' }),
      nextBtnText: t('demo.tour.next'),
      prevBtnText: t('demo.tour.previous'),
      doneBtnText: t('demo.tour.done'),
      popoverClass: 'demo-tour-popover',
      steps: TOUR_STEPS.map((step) => ({
        element: stageSelector(step.target),
        popover: { title: t(`demo.tour.steps.${step.id}.title`), description: ' ' },
      })),
      // driver.js writes descriptions as HTML: ours is set as text when the step shows, because a manual
      // step's text quotes what the gateway answered (a reference) and depends on the calls just made.
      onPopoverRender: (popover, { state }) => {
        const index = state.activeIndex ?? 0;
        popover.description.textContent = description(TOUR_STEPS[index]!.id, index);
        popover.wrapper.setAttribute('role', 'dialog');
        popover.wrapper.setAttribute('aria-labelledby', 'driver-popover-title');
        popover.title.id = 'driver-popover-title';
      },
      onNextClick: () => void next(),
      onPrevClick: () => instance.movePrevious(),
      onCloseClick: () => pause(),
      onDestroyStarted: () => {
        if (instance.isActive()) pause();
      },
    });
    return instance;
  }

  async function next(): Promise<void> {
    if (!tour || stage.busy) return;
    const index = (tour.getActiveIndex() ?? -1) + 1;
    if (index >= TOUR_STEPS.length) return finish();
    if (await prepare(index)) tour.moveTo(index);
  }

  /** Starts (or restarts) the tour at `index`, running that step's calls first. */
  async function startAt(index = 0): Promise<boolean> {
    tour?.destroy();
    tour = createDriver();
    if (!(await prepare(index))) return false;
    tour.drive(index);
    return true;
  }

  const resume = () => startAt(resumeIndex(savedPlace.value ?? 0));

  /** Closing keeps the place, so the tour can be resumed. */
  function pause(): void {
    stopPoll();
    const current = tour?.getActiveIndex();
    const instance = tour;
    tour = null;
    if (current !== undefined) savePlace(current);
    instance?.destroy();
  }

  function finish(): void {
    stopPoll();
    savePlace(null);
    const instance = tour;
    tour = null;
    instance?.destroy();
  }

  function dispose(): void {
    stopPoll();
    tour?.destroy();
    tour = null;
  }

  return {
    profileIds,
    stage,
    exchange,
    deliveries,
    onSandbox,
    savedPlace,
    startAt,
    resume,
    pause,
    finish,
    dispose,
    forgetPlace: () => savePlace(null),
  };
}
