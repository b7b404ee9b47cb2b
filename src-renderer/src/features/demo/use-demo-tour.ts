/**
 * The guided tour's engine: runs each step's calls through the ConsoleApi (the same calls a merchant's
 * server makes), keeps what the tour stage shows (the exchange, the transaction, its notifications), and
 * drives driver.js over the stage. What a step showed is recorded when its calls are made, so Back, Next
 * onto a step already seen and Resume re-show that record instead of sending the calls again (each create
 * is a new order, and the error step a new refused one). Its place is saved after every step: a paused
 * tour resumes at that exact step; only after a reload, when the record is gone, does it start again at
 * the beginning of the flow it was in. Navigation (buttons and arrow keys) is queued, never dropped: a key
 * pressed while a step's calls run or while driver.js is between steps is taken after them.
 * Production profiles are never offered (see DemoView).
 */
import { driver, type Driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import { computed, reactive, ref, shallowRef } from 'vue';
import type { Exchange } from '@shared/exchange';
import type { SimulatorDelivery } from '@shared/contract/simulator';
import { useConsoleApi } from '../../api';
import { t } from '../../i18n';
import { useHistoryRecorderStore } from '../../stores/history-recorder';
import { worldOfProfileId } from '@shared/sandbox-worlds';
import { useProfilesStore } from '../../stores/profiles';
import { defaultDraft } from '../../services/order-defaults';
import { clearPlacement } from './popover-placement';
import { resumeIndex, stageSelector, TOUR_STEPS, type TourAction } from './tour-steps';
import { consoleErrorText } from '../../i18n/console-error';
import type { ConsoleError } from '@shared/result';
import { describePaymentStatus } from '../../composables/payment-status';

export const TOUR_PLACE_KEY = 'gateway-console.demo-tour';
const FINAL = new Set(['Success', 'Declined', 'Error', 'Timeout', 'Expired']);
const POLL_SECONDS = 3;

/** What the stage showed at one step: re-shown, without a call, when the step is visited again. */
interface StageRecord {
  exchange: Exchange | null;
  transactionId: string | null;
  deliveries: SimulatorDelivery[];
  created: unknown;
  reference: string | null;
  manualText: string | null;
  pollText: string | null;
}

type TourMove = 'next' | 'previous' | 'pause';

/** The nearest ancestor that scrolls (the shell's content area), where a panel can be scrolled into view. */
function scrollingAncestor(element: Element): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

const isTypingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

interface CallResult {
  exchange: Exchange;
  response: unknown;
}

type Unwrapped<T> = T extends { ok: true; value: infer V } ? V : never;

/** A call main refused, keeping its error whole (text id and parameters) so the tour says it in the user's language. */
class RefusedCall extends Error {
  constructor(readonly refusal: ConsoleError) {
    super(refusal.message);
  }
}

async function unwrap<R extends { ok: boolean }>(pending: Promise<R>): Promise<Unwrapped<R>> {
  const result = (await pending) as R & { value?: unknown; error?: ConsoleError };
  if (!result.ok) throw new RefusedCall(result.error ?? { code: 'failed', message: 'failed' });
  return result.value as Unwrapped<R>;
}

const failureText = (failure: unknown): string =>
  failure instanceof RefusedCall
    ? consoleErrorText(failure.refusal)
    : failure instanceof Error
      ? failure.message
      : String(failure);

/**
 * `onClosed` runs once the tour's popover is gone (`paused`: Esc or ×, `finished`: Finish), so the screen
 * can give focus a place to land: the popover held it, and it is no longer in the page.
 */
export function useDemoTour(onClosed: (how: 'paused' | 'finished') => void = () => {}) {
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
    /** While the tour is on, the stage keeps room below its last panel, so any panel can be scrolled up. */
    touring: false,
    /** Phone used on a real test environment (the Sandbox uses its magic phones). */
    testPhone: '351#912345678',
  });
  const exchange = shallowRef<Exchange | null>(null);
  const deliveries = shallowRef<SimulatorDelivery[]>([]);
  const created = shallowRef<unknown>(null);
  const reference = ref<string | null>(null);
  let tour: Driver | null = null;
  let pollTimer: ReturnType<typeof setTimeout> | null = null;
  /** Step index → what it showed, for this run of the tour (cleared when it starts from the beginning). */
  const recorded = new Map<number, StageRecord>();
  /** Moves run one after the other; `epoch` changes when the tour stops, so moves queued before are void. */
  let moves: Promise<void> = Promise.resolve();
  let epoch = 0;

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
  /** The Sandbox world the tour's profiles reach (the demo's): the simulator's controls act there. */
  const inWorld = (): { worldId?: string } => {
    const worldId = worldOfProfileId(currentProfile());
    return worldId ? { worldId } : {};
  };

  async function loadDeliveries(): Promise<void> {
    if (!stage.transactionId || !onSandbox.value) return;
    deliveries.value = await unwrap(api['simulator.deliveries']({ transactionId: stage.transactionId, ...inWorld() }));
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
          if (action.sandbox === 'clock') await unwrap(api['simulator.advanceClock']({ seconds: 30, ...inWorld() }));
          else await unwrap(api['simulator.complete']({ transactionId, paymentStatus: 'Success', ...inWorld() }));
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

  function snapshot(): StageRecord {
    return {
      exchange: exchange.value,
      transactionId: stage.transactionId,
      deliveries: deliveries.value,
      created: created.value,
      reference: reference.value,
      manualText: stage.manualText,
      pollText: stage.pollText,
    };
  }

  function restore(record: StageRecord): void {
    stopPoll();
    exchange.value = record.exchange;
    stage.transactionId = record.transactionId;
    deliveries.value = record.deliveries;
    created.value = record.created;
    reference.value = record.reference;
    stage.manualText = record.manualText;
    stage.pollText = record.pollText;
  }

  /**
   * Shows step `index`: what it showed before when it was already run, else the result of its calls.
   * A failure stays on screen and the step can be tried again.
   */
  async function prepare(index: number): Promise<boolean> {
    const known = recorded.get(index);
    if (known) {
      restore(known);
      stage.error = null;
      stage.stepIndex = index;
      savePlace(index);
      return true;
    }
    stage.busy = true;
    stage.error = null;
    try {
      for (const action of TOUR_STEPS[index]!.actions) await run(action);
      recorded.set(index, snapshot());
      stage.stepIndex = index;
      savePlace(index);
      return true;
    } catch (failure) {
      stage.error = t('demo.tour.failed', { message: failureText(failure) });
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
      // The arrow keys and Esc are read by `onKey`: driver.js ignores them while it moves between steps.
      allowKeyboardControl: false,
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
        // The presenter's keys go to the tour, not to the button that opened it.
        popover.wrapper.tabIndex = -1;
        if (!popover.wrapper.contains(document.activeElement)) popover.wrapper.focus({ preventScroll: true });
      },
      onHighlightStarted: () => {
        unfitPanel();
        scrollsLeft = 3;
      },
      onHighlighted: () => keepPopoverClear(),
      onNextClick: () => void queue('next'),
      onPrevClick: () => void queue('previous'),
      onCloseClick: () => void queue('pause'),
      onDestroyStarted: () => {
        if (instance.isActive()) pause();
      },
    });
    return instance;
  }

  /** Moves to step `index` (next or back), once that step is on the stage. */
  async function moveTo(index: number): Promise<void> {
    if (!tour) return;
    if (index < 0) return;
    if (index >= TOUR_STEPS.length) return finish();
    if (await prepare(index)) tour?.moveTo(index);
  }

  /** Queues a move behind those not yet done, so none is lost however fast the keys come. */
  function queue(move: TourMove): Promise<void> {
    const mine = epoch;
    moves = moves
      .then(async () => {
        if (mine !== epoch || !tour) return;
        if (move === 'pause') return pause();
        if (move === 'next') return moveTo(stage.stepIndex + 1);
        return moveTo(stage.stepIndex - 1);
      })
      .catch(() => undefined);
    return moves;
  }

  /**
   * Scrolls left to make room for the current step (its panel can still grow while it draws); bounded,
   * because a panel that cannot be scrolled further would otherwise ask again forever.
   */
  let scrollsLeft = 3;

  /** Moves the popover off the panel it explains (driver.js falls back to covering it when no side has room). */
  function keepPopoverClear(): void {
    const wrapper = document.querySelector<HTMLElement>('.driver-popover.demo-tour-popover');
    const element = tour?.getActiveElement();
    if (!tour || !wrapper || !element || element.id === 'driver-dummy-element') return;
    const scroller = scrollingAncestor(element);
    const reachableTop = Math.max(12, scroller?.getBoundingClientRect().top ?? 0);
    const view = { width: window.innerWidth, height: window.innerHeight };
    const placement = clearPlacement(
      element.getBoundingClientRect(),
      wrapper.getBoundingClientRect(),
      view,
      12,
      reachableTop,
    );
    if (placement.kind === 'scroll' && scroller && scrollsLeft > 0) {
      scrollsLeft -= 1;
      scroller.scrollBy({ top: element.getBoundingClientRect().top - reachableTop, behavior: 'instant' });
      tour.refresh();
      return settleSoon();
    }
    // Panel and popover are taller than the view together: the panel gives up height (it scrolls inside)
    // until both fit, rather than the popover hiding part of it.
    const room = view.height - reachableTop - wrapper.getBoundingClientRect().height - 3 * 12;
    if (placement.kind === 'none' && fitted !== element && room >= 120) {
      fitPanel(element as HTMLElement, room);
      tour.refresh();
      return settleSoon();
    }
    if (placement.kind !== 'move') return;
    Object.assign(wrapper.style, {
      left: `${placement.left}px`,
      top: `${placement.top}px`,
      right: 'auto',
      bottom: 'auto',
    });
    // driver.js's arrow pointed from where it had put the popover.
    wrapper.querySelector('.driver-popover-arrow')?.classList.add('driver-popover-arrow-none');
  }

  /** The panel made shorter for the current step, given its height back when the step changes. */
  let fitted: Element | null = null;
  function fitPanel(element: HTMLElement, height: number): void {
    unfitPanel();
    element.style.boxSizing = 'border-box';
    element.style.maxHeight = `${height}px`;
    element.style.overflow = 'auto';
    fitted = element;
  }
  function unfitPanel(): void {
    if (fitted instanceof HTMLElement) {
      fitted.style.removeProperty('box-sizing');
      fitted.style.removeProperty('max-height');
      fitted.style.removeProperty('overflow');
    }
    fitted = null;
  }

  /** After driver.js's own repositioning (it waits a frame after a scroll or a resize). */
  function settleSoon(): void {
    requestAnimationFrame(() => requestAnimationFrame(keepPopoverClear));
  }

  function onKey(event: KeyboardEvent): void {
    if (!tour || event.altKey || event.ctrlKey || event.metaKey || isTypingInto(event.target)) return;
    const move: TourMove | null =
      event.key === 'ArrowRight'
        ? 'next'
        : event.key === 'ArrowLeft'
          ? 'previous'
          : event.key === 'Escape'
            ? 'pause'
            : null;
    if (!move) return;
    event.preventDefault();
    void queue(move);
  }

  function stopListening(): void {
    stage.touring = false;
    unfitPanel();
    window.removeEventListener('keyup', onKey);
    document.removeEventListener('scroll', settleSoon, true);
    window.removeEventListener('resize', settleSoon);
  }

  /** Starts the tour at `index`; `fresh` forgets what earlier steps showed (a new run of the tour). */
  async function startAt(index = 0, fresh = true): Promise<boolean> {
    epoch += 1;
    tour?.destroy();
    stopListening();
    if (fresh) recorded.clear();
    tour = createDriver();
    if (!(await prepare(index))) return false;
    stage.touring = true;
    window.addEventListener('keyup', onKey);
    document.addEventListener('scroll', settleSoon, true);
    window.addEventListener('resize', settleSoon);
    tour.drive(index);
    return true;
  }

  /** At the exact step it was paused at when its record is at hand; else where that step's flow began. */
  const resume = () => {
    const place = savedPlace.value ?? 0;
    return recorded.has(place) ? startAt(place, false) : startAt(resumeIndex(place));
  };

  /** Closing keeps the place, so the tour can be resumed. */
  function pause(): void {
    epoch += 1;
    stopListening();
    stopPoll();
    const current = tour?.getActiveIndex();
    const instance = tour;
    tour = null;
    if (current !== undefined) savePlace(current);
    instance?.destroy();
    if (instance) onClosed('paused');
  }

  function finish(): void {
    epoch += 1;
    stopListening();
    stopPoll();
    savePlace(null);
    const instance = tour;
    tour = null;
    instance?.destroy();
    if (instance) onClosed('finished');
  }

  function dispose(): void {
    epoch += 1;
    stopListening();
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
