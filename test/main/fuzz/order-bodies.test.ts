/**
 * Generated create-order bodies (valid, near-valid and hostile) sent to the simulator over loopback HTTP,
 * the way a merchant backend under test would. The simulator must answer every one promptly, never with
 * a 5xx, and every 400 must name the field it objects to — that is what makes it useful to integrators.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOUNT_SCENARIOS } from '../../../src-main/simulator/scenarios';
import { DEEP, fuzzSeed, scaled } from '../../support/deep';
import { Harness, validOrderA, validOrderB } from '../simulator/harness';

const RUNS = scaled(1_000);
/** Amounts the simulator maps to a scripted 429/5xx on create (documented scenarios, not failures). */
const SCRIPTED_AMOUNTS = AMOUNT_SCENARIOS.filter((s) => s.when === 'create').map((s) => s.amount);
/** A 400's statusDescription starts with the dotted path of the field (or `(body)`), then `: `. */
const NAMES_A_FIELD = /^(\(body\)|[A-Za-z_][\w]*(\.[\w]+)*): \S/;

type Json = Record<string, unknown>;

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Every path of a valid order: the places a near-valid body differs from a valid one. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const own = Object.entries(value as Json).flatMap(([key, child]) => pathsOf(child, [...prefix, key]));
  return prefix.length ? [prefix, ...own] : own;
}
const PATHS = { A: pathsOf(validOrderA()), B: pathsOf(validOrderB()) };

/** Values a careless or hostile client sends instead of the right one. */
const wrongValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 71, maxLength: 5_000 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e21, 1.005, 10.999, Number.MAX_SAFE_INTEGER, 12345678901),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', '\u0000', '<script>alert(1)</script>', '../../etc/passwd', '%00', '💳'.repeat(50)),
  fc.constantFrom('MBWY', 'REFERENCE', 'CARD', 'XX', 'PURS', 'AUTH', 'EUR', 'eur', 'ZZZ', '+351912345678'),
  fc.constantFrom('2026-13-45T99:99:99Z', '2026-11-21', 'yesterday', '2026-11-21T10:00:00Z'),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

const mutation = fc.record({
  kind: fc.constantFrom('set', 'set', 'delete', 'extra'),
  pathIndex: fc.nat(),
  value: wrongValue,
  key: fc.constantFrom('surprise', '__proto__', 'constructor', 'terminalID', 'merchantTransactionID', 'x'.repeat(300)),
});

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(body: Json, variant: 'A' | 'B', change: Mutation): void {
  const paths = PATHS[variant];
  const path = paths[change.pathIndex % paths.length]!;
  let parent: unknown = body;
  for (const key of path.slice(0, -1)) parent = (parent as Json | null)?.[key];
  if (parent === null || typeof parent !== 'object') return;
  const last = path.at(-1)!;
  // defineProperty so that `__proto__` becomes an own key, as JSON.parse would make it.
  const define = (target: object, key: string, value: unknown) =>
    Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  if (change.kind === 'delete') delete (parent as Json)[last];
  else if (change.kind === 'set') define(parent, last, change.value);
  else define(parent, change.key, change.value);
}

/** A generated request body: mostly near-valid orders, sometimes any JSON, truncated JSON or not JSON at all. */
const requestBody = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.constantFrom('A' as const, 'B' as const), fc.array(mutation, { maxLength: 3 }), fc.nat())
      .map(([variant, changes, n]) => {
        const body: Json = variant === 'A' ? validOrderA() : validOrderB();
        (body.merchant as Json).merchantTransactionId = `fuzz-${n}`;
        for (const change of changes) mutate(body, variant, change);
        const amount = (body.transaction as { amount?: { value?: unknown } } | undefined)?.amount;
        if (amount && SCRIPTED_AMOUNTS.includes(amount.value as number)) amount.value = 1.23;
        return { variant, raw: JSON.stringify(body) };
      }),
  },
  {
    weight: 1,
    arbitrary: fc
      .jsonValue({ maxDepth: 3 })
      .map((value) => ({ variant: 'A' as const, raw: JSON.stringify(value) ?? 'null' })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('A' as const, 'B' as const), fc.nat(), fc.string({ maxLength: 20 }))
      .map(([variant, cut, garbage]) => {
        const text = JSON.stringify(variant === 'A' ? validOrderA() : validOrderB());
        return { variant, raw: text.slice(0, cut % text.length) + garbage };
      }),
  },
);

let harness: Harness;

beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(async () => {
  await harness.sim.close();
});

describe('fuzz: create-order bodies against the simulator over HTTP', () => {
  it(
    `answers ${RUNS} generated bodies without a 5xx or a hang; every 400 names a field`,
    async () => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requestBody, async ({ variant, raw }) => {
          const response = await fetch(`${harness.sim.apiUrl}/payments`, {
            method: 'POST',
            headers: harness.headers(harness.bearer(variant)),
            body: raw,
            signal: AbortSignal.timeout(5_000),
          });
          const answer = (await response.json()) as {
            returnStatus?: { statusCode?: string; statusDescription?: string };
          };
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status, raw).toBeLessThan(500);
          // 401: a body whose terminalId is not the bearer token's terminal; 409: a reused merchant id.
          expect([200, 400, 401, 409], raw).toContain(response.status);
          expect(answer.returnStatus?.statusCode, raw).toBeTruthy();
          // A body that is not JSON at all has no fields to name: it must say so instead (empty is `(body)`).
          if (response.status === 400)
            expect(answer.returnStatus?.statusDescription, raw).toMatch(
              raw.trim() === '' || isJson(raw) ? NAMES_A_FIELD : /not valid JSON/,
            );
        }),
        { seed: fuzzSeed('order bodies', 20261122), numRuns: RUNS },
      );
      console.info(`[fuzz] order bodies: ${RUNS} cases, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
      // The generator must reach both sides of the validator, or the property says little.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 20);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(RUNS / 4);
    },
    DEEP ? 600_000 : 60_000,
  );
});
