/**
 * Seeds the demo's world with its three weeks (demo-plan.ts) by doing what a merchant's server and
 * its shoppers would do: every order, reference, MB WAY request and status query is a real call to the
 * simulator through the console's gateway service, and every settlement, expiry and notification comes
 * from the simulator itself (its control API plays the shopper and moves its clock). Electron-free, so
 * the handlers and a script can run it alike.
 */
import type { Exchange } from '@shared/exchange';
import type { GatewayCallOutput, GatewayCalls } from '../gateway/gateway-calls';
import type { ReceiptTime } from '../notifications/receiver';
import { DEMO_SPAN_MINUTES, demoStories, type DemoStep, type DemoStory } from './demo-plan';
import { demoOrder } from './demo-orders';

/** The simulator's control operations the demo needs (SimulatorControl satisfies it). */
export interface DemoSimulatorControl {
  clockView(): { now: string; offsetSeconds: number };
  advanceClock(seconds: number): Promise<unknown>;
  complete(transactionId: string, paymentStatus: string): Promise<unknown>;
  transactionCount(): number;
}

export interface DemoSeedOptions {
  gateway: GatewayCalls;
  control: DemoSimulatorControl;
  /** The demo world's profile per variant. */
  profiles: { A: string; B: string };
  /** Called with each exchange as it is recorded (already moved onto the story's time line). */
  onExchange?: (exchange: Exchange) => void;
  /**
   * Where the console's notification receiver takes a notification's time from (its
   * `stampReceiptsWith`): set to the story's time line while seeding, `null` afterwards.
   */
  stampNotifications?: (receiptTime: ReceiptTime | null) => void;
}

export interface DemoSeedResult {
  orders: number;
  /** Every exchange of the seeding, oldest first, with `startedAt` on the demo's time line. */
  exchanges: Exchange[];
  /** The demo's first and last instants (ISO), on the same time line. */
  from: string;
  to: string;
}

export class DemoSeedError extends Error {
  constructor(
    readonly code: 'sandbox-not-empty' | 'demo-step-failed',
    message: string,
  ) {
    super(message);
  }
}

const SPAN_MS = DEMO_SPAN_MINUTES * 60_000;

/** Where the demo world's clock starts: the story's length before now, so the story ends now. */
export const DEMO_CLOCK_OFFSET_MS = -SPAN_MS;

/**
 * Runs the story in the demo's own world, whose clock starts the story's length before now
 * (`DEMO_CLOCK_OFFSET_MS`): the simulator's clock only moves forward, so the weeks are lived from then
 * to now. Every exchange and notification is dated on that world's clock, so History shows the three
 * weeks that end now and the tour's own calls, made afterwards, follow on from them on one time line.
 */
export async function seedDemo(options: DemoSeedOptions): Promise<DemoSeedResult> {
  const { control } = options;
  if (control.transactionCount() > 0)
    throw new DemoSeedError(
      'sandbox-not-empty',
      'The demo world already holds transactions: end the demo before seeding it again.',
    );
  const startOffset = control.clockView().offsetSeconds;
  const elapsedMs = () => (control.clockView().offsetSeconds - startOffset) * 1000;
  /** The world's time at a wall-clock instant: what the simulator itself dates everything with. */
  const storyTime = (wallMs: number) => new Date(wallMs + control.clockView().offsetSeconds * 1000);
  const exchanges: Exchange[] = [];
  const record = (output: GatewayCallOutput): GatewayCallOutput => {
    const exchange: Exchange = {
      ...output.exchange,
      timings: {
        ...output.exchange.timings,
        startedAt: storyTime(Date.parse(output.exchange.timings.startedAt)).toISOString(),
      },
    };
    exchanges.push(exchange);
    options.onExchange?.(exchange);
    return { ...output, exchange };
  };
  // The simulator dates each status change on the world's clock (the notification's transactionDateTime).
  options.stampNotifications?.((notification, wallClock) => {
    const changedAt = Date.parse(notification.transactionDateTimeUtc ?? '');
    return Number.isFinite(changedAt) ? new Date(changedAt) : storyTime(wallClock.getTime());
  });
  try {
    return await liveStory(options, { storyTime, elapsedMs, record, exchanges });
  } finally {
    options.stampNotifications?.(null);
  }
}

/** The stories themselves, on the time line `seedDemo` set up. */
async function liveStory(
  options: DemoSeedOptions,
  timeLine: {
    storyTime: (wallMs: number) => Date;
    elapsedMs: () => number;
    record: (output: GatewayCallOutput) => GatewayCallOutput;
    exchanges: Exchange[];
  },
): Promise<DemoSeedResult> {
  const { gateway, control, profiles } = options;
  const { storyTime, elapsedMs, record, exchanges } = timeLine;
  const stories = demoStories();
  for (const [index, story] of stories.entries()) {
    const target = story.atMinute * 60_000;
    if (target > elapsedMs()) await control.advanceClock(Math.round((target - elapsedMs()) / 1000));
    const profileId = profiles[story.variant];
    const merchantTransactionId = `demo-${String(index + 1).padStart(3, '0')}`;
    const created = record(
      await gateway.createOrder({
        profileId,
        order: demoOrder(story, merchantTransactionId, storyTime(Date.now())),
      }),
    );
    const transactionId = created.exchange.transactionID;
    // A refused create (the 503 story) has no transaction to follow up.
    if (!transactionId || created.exchange.classification !== 'ok') continue;
    for (const step of story.steps)
      await runStep(step, { gateway, control, profileId, transactionId, created: created.response, record, story });
  }
  const remaining = SPAN_MS - elapsedMs();
  if (remaining > 0) await control.advanceClock(Math.round(remaining / 1000));
  return {
    orders: stories.length,
    exchanges,
    from: storyTime(Date.now() - elapsedMs()).toISOString(),
    to: storyTime(Date.now()).toISOString(),
  };
}

interface StepContext {
  gateway: GatewayCalls;
  control: DemoSimulatorControl;
  profileId: string;
  transactionId: string;
  created: unknown;
  record: (output: GatewayCallOutput) => GatewayCallOutput;
  story: DemoStory;
}

async function runStep(step: DemoStep, context: StepContext): Promise<void> {
  const { gateway, control, profileId, transactionId, record } = context;
  switch (step.kind) {
    case 'mbway':
      record(await gateway.mbwayPurchase({ profileId, transactionId, phone: step.phone }));
      return;
    case 'reference':
      record(await gateway.generateReference({ profileId, transactionId }));
      return;
    case 'action': {
      const data = actionOf(context.created);
      if (!data)
        throw new DemoSeedError(
          'demo-step-failed',
          `The ${context.story.paymentMethod.join(', ')} order ${transactionId} came without an actionResponse.`,
        );
      const params = [
        ...data.params,
        ...(step.outcome === 'Declined' ? [{ name: 'paymentStatus', value: 'Declined' }] : []),
      ];
      record(await gateway.performAction({ profileId, transactionId, url: data.url, params }));
      return;
    }
    case 'complete':
      await control.complete(transactionId, step.paymentStatus);
      return;
    case 'wait':
      await control.advanceClock(step.seconds);
      return;
    case 'status':
      record(await gateway.status({ profileId, transactionId }));
      return;
  }
}

/** The actionResponse's address and params, in either shape the spec shows. */
function actionOf(response: unknown): { url: string; params: Array<{ name: string; value: string }> } | null {
  const action = (response as { actionResponse?: Record<string, unknown> } | null)?.actionResponse;
  if (!action) return null;
  const data = (action.data ?? action) as { url?: unknown; params?: unknown };
  if (typeof data.url !== 'string' || !Array.isArray(data.params)) return null;
  const params = data.params
    .map((param: { name?: unknown; value?: unknown; data?: unknown }) => ({
      name: String(param.name ?? ''),
      value: String(param.value ?? param.data ?? ''),
    }))
    .filter((param) => param.name);
  return { url: data.url, params };
}
