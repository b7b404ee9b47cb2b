import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../src-main/simulator/clock';
import { JobQueue } from '../../../src-main/simulator/job-queue';
import { createRandom } from '../../../src-main/simulator/random';

const drain = <T>(queue: JobQueue<T>): T[] => {
  const out: T[] = [];
  for (let job = queue.pop(); job; job = queue.pop()) out.push(job.value);
  return out;
};

describe('JobQueue', () => {
  it('pops jobs by due time, and jobs due at the same time in the order they were pushed', () => {
    const queue = new JobQueue<string>();
    queue.push(30, 'c');
    queue.push(10, 'a1');
    queue.push(20, 'b');
    queue.push(10, 'a2');
    queue.push(10, 'a3');
    expect(queue.peekAt()).toBe(10);
    expect(drain(queue)).toEqual(['a1', 'a2', 'a3', 'b', 'c']);
    expect(queue.pop()).toBeUndefined();
  });

  it('skips cancelled jobs and counts only live ones', () => {
    const queue = new JobQueue<number>();
    const jobs = [5, 1, 4, 2, 3].map((at) => queue.push(at, at));
    queue.cancel(jobs[1]!); // at 1, the top
    queue.cancel(jobs[2]!); // at 4
    queue.cancel(jobs[2]!); // twice is harmless
    expect(queue.size).toBe(3);
    expect(queue.peekAt()).toBe(2);
    expect(drain(queue)).toEqual([2, 3, 5]);
    expect(queue.size).toBe(0);
  });

  it('agrees with a sorted list over 8,000 random pushes, cancels and pops (compaction included)', () => {
    const random = createRandom(7);
    const queue = new JobQueue<number>();
    const live = new Map<number, { at: number; seq: number }>();
    const handles = new Map<number, ReturnType<JobQueue<number>['push']>>();
    let id = 0;
    const popped: number[] = [];
    const expected: number[] = [];
    for (let step = 0; step < 8_000; step++) {
      const roll = random.int(10);
      if (roll < 6) {
        const at = random.int(1000);
        handles.set(id, queue.push(at, id));
        live.set(id, { at, seq: id });
        id++;
      } else if (roll < 9 && live.size) {
        // Cancel an arbitrary live job.
        const victim = [...live.keys()][random.int(live.size)]!;
        queue.cancel(handles.get(victim)!);
        live.delete(victim);
      } else if (live.size) {
        const next = [...live.entries()].sort((a, b) => a[1].at - b[1].at || a[1].seq - b[1].seq)[0]![0];
        expected.push(next);
        live.delete(next);
        popped.push(queue.pop()!.value);
      }
      expect(queue.size).toBe(live.size);
    }
    expect(popped).toEqual(expected);
  });

  it('schedules and cancels 100,000 jobs in well under a second (no whole-list sort per call)', () => {
    const clock = new SimClock();
    const started = performance.now();
    const cancels: Array<() => void> = [];
    for (let index = 0; index < 100_000; index++)
      cancels.push(clock.schedule(clock.now() + 3_600_000 + index, () => {}));
    for (const cancel of cancels.slice(0, 50_000)) cancel();
    const elapsed = performance.now() - started;
    expect(clock.pendingJobs).toBe(50_000);
    clock.close();
    // The sorted-array version took tens of seconds here; the heap takes tens of milliseconds.
    expect(elapsed).toBeLessThan(1_500);
  });
});

describe('SimClock', () => {
  it('runs jobs made due by advancing the clock, in time order, and none that were cancelled', () => {
    const clock = new SimClock();
    const ran: string[] = [];
    const now = clock.now();
    clock.schedule(now + 20_000, () => ran.push('twenty'));
    const cancel = clock.schedule(now + 5_000, () => ran.push('cancelled'));
    clock.schedule(now + 10_000, () => ran.push('ten'));
    clock.schedule(now + 99_000_000, () => ran.push('later'));
    cancel();
    clock.advance(30);
    expect(ran).toEqual(['ten', 'twenty']);
    expect(clock.pendingJobs).toBe(1);
    clock.reset();
    expect(clock.offsetSeconds).toBe(0);
    expect(clock.pendingJobs).toBe(0);
    clock.close();
  });
});

describe('JobQueue subjects and clearing', () => {
  it('passes each job its subject and due time, so one shared function serves every job', () => {
    const clock = new SimClock();
    const seen: string[] = [];
    const run = (subject: { name: string }, at: number) => seen.push(`${subject.name}@${at - start}`);
    const start = clock.now();
    clock.scheduleFor(start + 2_000, { name: 'b' }, run);
    clock.scheduleFor(start + 1_000, { name: 'a' }, run);
    clock.advance(5);
    expect(seen).toEqual(['a@1000', 'b@2000']);
    clock.close();
  });

  it('a cancel handle kept across a clear, or used after its job ran, changes nothing', () => {
    const clock = new SimClock();
    const ran: string[] = [];
    const now = clock.now();
    const early = clock.schedule(now + 1_000, () => ran.push('early'));
    clock.advance(2);
    early(); // already ran
    const stale = clock.schedule(now + 60_000, () => ran.push('stale'));
    clock.reset();
    stale(); // cleared by the reset
    clock.schedule(clock.now() + 1_000, () => ran.push('fresh'));
    expect(clock.pendingJobs).toBe(1);
    clock.advance(2);
    expect(ran).toEqual(['early', 'fresh']);
    clock.close();
  });
});

describe('Random', () => {
  it('unseeded strings draw every character of the alphabet about equally often (no modulo bias)', () => {
    const random = createRandom();
    const counts = new Map<string, number>();
    for (const char of random.string(62_000)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 1,000 expected per character; ±25 % is > 7 standard deviations.
    for (const count of counts.values()) expect(Math.abs(count - 1_000)).toBeLessThan(250);
    expect(random.string(20)).not.toBe(random.string(20));
  });

  it('unseeded integers stay unbiased when calls alternate between bounds', () => {
    const random = createRandom();
    // 3·2^30 rejects a quarter of the 32-bit draws; had it kept the bound of 3 (which rejects almost
    // none), the values of its first third would come twice as often: half of them instead of a third.
    const wide = 3 * 2 ** 30;
    let firstThird = 0;
    for (let index = 0; index < 30_000; index++) {
      expect(random.int(3)).toBeLessThan(3);
      if (random.int(wide) < wide / 3) firstThird++;
    }
    expect(Math.abs(firstThird / 30_000 - 1 / 3)).toBeLessThan(0.03);
  });

  it('a seed gives the same sequence', () => {
    expect(createRandom(42).string(40)).toBe(createRandom(42).string(40));
    expect(createRandom(42).string(40)).not.toBe(createRandom(43).string(40));
  });
});
