import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EXPIRY_GRACE_MS,
  planPollTimes,
  startPoll,
  type PollCheck,
  type PollState,
} from '../../../src-renderer/src/composables/poll-schedule';

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('planPollTimes', () => {
  it('checks at once, then backs off and repeats the last delay', () => {
    expect(planPollTimes(T0, null, [1000, 2000, 5000], 6).map((t) => t - T0)).toEqual([
      0, 1000, 3000, 8000, 13000, 18000,
    ]);
  });

  it('ends with one check just past the expiry and none after it', () => {
    const times = planPollTimes(T0, T0 + 10_000, [2000, 3000, 5000]).map((t) => t - T0);
    expect(times).toEqual([0, 2000, 5000, 10_000, 10_000 + EXPIRY_GRACE_MS]);
  });

  it('plans a single check when the order already expired', () => {
    expect(planPollTimes(T0, T0 - 60_000)).toEqual([T0]);
  });
});

describe('startPoll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  /** A gateway whose answers are scripted; records when it was asked. */
  function scripted(answers: PollCheck[]) {
    const askedAt: number[] = [];
    const check = vi.fn(async () => {
      askedAt.push(Date.now() - T0);
      return answers[Math.min(askedAt.length - 1, answers.length - 1)]!;
    });
    return { check, askedAt };
  }
  const pending: PollCheck = { status: 'Pending', final: false };

  function run(check: () => Promise<PollCheck>, expiryMs: number | null, delays = [1000, 2000]) {
    const states: PollState[] = [];
    const controller = startPoll({ check, expiryMs, delays, onUpdate: (s) => states.push(s) });
    return { controller, states, last: () => states[states.length - 1]! };
  }

  it('stops at the first final status and asks no more', async () => {
    const gateway = scripted([pending, pending, { status: 'Success', final: true }]);
    const poll = run(gateway.check, null);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gateway.askedAt).toEqual([0, 1000, 3000]);
    expect(poll.last()).toMatchObject({
      running: false,
      stopReason: 'final',
      checks: 3,
      lastStatus: 'Success',
      nextAt: null,
      message: 'Stopped: Success is a final status.',
    });
  });

  it('stops at the expiry when no final status came', async () => {
    const gateway = scripted([pending]);
    const poll = run(gateway.check, T0 + 4000);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(gateway.askedAt).toEqual([0, 1000, 3000, 4000 + EXPIRY_GRACE_MS]);
    expect(poll.last()).toMatchObject({ running: false, stopReason: 'expired', checks: 4 });
    expect(poll.last().message).toContain("order's expiry");
  });

  it('shows the schedule and the next check while running', async () => {
    const gateway = scripted([pending]);
    const poll = run(gateway.check, T0 + 4000);
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.last()).toMatchObject({ running: true, checks: 1, nextAt: T0 + 1000, lastStatus: 'Pending' });
    expect(poll.last().planned.map((t) => t - T0)).toEqual([0, 1000, 3000, 4000 + EXPIRY_GRACE_MS]);
    poll.controller.cancel();
  });

  it('can be cancelled: no further checks, and the state says so', async () => {
    const gateway = scripted([pending]);
    const poll = run(gateway.check, null);
    await vi.advanceTimersByTimeAsync(1500);
    poll.controller.cancel();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gateway.askedAt).toEqual([0, 1000]);
    expect(poll.last()).toMatchObject({
      running: false,
      stopReason: 'cancelled',
      message: 'Cancelled after 2 checks.',
    });
  });

  it('ignores an answer that arrives after cancel', async () => {
    let answer!: (check: PollCheck) => void;
    const check = vi.fn(() => new Promise<PollCheck>((resolve) => (answer = resolve)));
    const poll = run(check, null);
    poll.controller.cancel();
    answer({ status: 'Success', final: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(poll.last()).toMatchObject({ stopReason: 'cancelled', checks: 0 });
  });

  it('stops when asking again cannot help, with the reason', async () => {
    const gateway = scripted([{ status: null, final: false, stopWith: 'HTTP 401 Unauthorized' }]);
    const poll = run(gateway.check, null);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(gateway.askedAt).toEqual([0]);
    expect(poll.last()).toMatchObject({ stopReason: 'failed', message: 'Stopped: HTTP 401 Unauthorized' });
  });

  it('keeps polling through a transient failure and still reaches the final status', async () => {
    const gateway = scripted([{ status: null, final: false }, pending, { status: 'Declined', final: true }]);
    const poll = run(gateway.check, null);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(poll.last()).toMatchObject({ stopReason: 'final', lastStatus: 'Declined', checks: 3 });
  });
});
