/**
 * The scenario file format, version 1 (docs/qa.md). A scenario is YAML (or JSON, which YAML reads too):
 *
 *   format: gateway-console/scenario@1
 *   name: MB WAY approved
 *   variant: A            # the profile variant it needs; the template follows it
 *   data: [{ phone: "351#912345678", status: Success }]   # optional: one run per row, ${row.phone}
 *   steps:
 *     - id: create
 *       create: { template: default, overrides: { transaction.paymentMethod: [MBWAY] } }
 *       expect: { classification: ok, returnStatus: "000" }
 *     - mbway: { transactionID: "${create.transactionID}", phone: "${row.phone}" }
 *
 * Step kinds and their fields are listed in STEP_KINDS; each kind is one zod schema, strict, so a typo
 * in a field name is an error that names the field rather than an option silently ignored.
 */
import { z } from 'zod';
import { PAYMENT_STATUS_VALUES } from '@shared/gateway/codes';
import { exchangeClassificationSchema } from '@shared/exchange';
import { DELIVERY_CONTROLS } from '@shared/qa/sandbox-controls';
import { nextCallStatusSchema } from '@shared/contract/qa';

export const SCENARIO_FORMAT = 'gateway-console/scenario';
export const SCENARIO_FORMAT_VERSION = 1;
export const SCENARIO_FORMAT_ID = `${SCENARIO_FORMAT}@${SCENARIO_FORMAT_VERSION}`;

const paymentStatus = z.enum(PAYMENT_STATUS_VALUES as [string, ...string[]]);
/** A value that may hold `${…}` captures: resolved at run time, so checked as text here. */
const text = z.string().min(1);
const seconds = z
  .number()
  .nonnegative()
  .max(400 * 86_400);

/** A field's expected value: the value itself, or one matcher. */
const matcher = z.union([
  z.object({ exists: z.boolean() }).strict(),
  z.object({ oneOf: z.array(z.unknown()).min(1) }).strict(),
  z.object({ matches: z.string() }).strict(),
  z.object({ contains: z.string() }).strict(),
  z.object({ length: z.number().int().nonnegative() }).strict(),
]);
export type FieldMatcher = z.infer<typeof matcher>;

export const expectSchema = z
  .object({
    /** HTTP status of the answer. */
    httpStatus: z.number().int().min(100).max(599),
    /** The console's classification of the answer (ok, gateway-error, http-error, retry-advised…). */
    classification: exchangeClassificationSchema,
    /** returnStatus.statusCode, e.g. "000", "999", "E0506". */
    returnStatus: z.string(),
    /** A payment status, or a capture such as `\${row.status}`. */
    paymentStatus: z.union([paymentStatus, z.string().regex(/^\$\{[^}]+\}$/)]),
    /** HTTP attempts of the call: money-moving calls always 1; status queries retried up to 3. */
    attempts: z.number().int().positive(),
    /** The console refused to send (invalid request, missing credentials); true or the refusal code. */
    refused: z.union([z.boolean(), z.string()]),
    /** pollUntil / waitNotification: whether the step ran out of time (default: it must not). */
    timedOut: z.boolean(),
    /** waitNotification: how many notifications for the transaction arrived. */
    count: z.number().int().nonnegative(),
    /** Any response (or notification) field by dotted path: `actionResponse.data.params.0.name`. */
    fields: z.record(z.string(), z.union([matcher, z.unknown()])),
  })
  .partial()
  .strict();
export type Expectation = z.infer<typeof expectSchema>;

const keyValue = z.record(z.string(), z.unknown());

export const STEP_KINDS = {
  /** Create an order: a template for the variant, or a whole body, plus dotted-path overrides. */
  create: z
    .object({
      template: z.enum(['default', 'none']).default('default'),
      body: keyValue.optional(),
      overrides: keyValue.optional(),
      /** false sends the order without the console's validation (Sandbox and test profiles only). */
      validate: z.boolean().default(true),
    })
    .strict(),
  /**
   * `overrideFinal: true` sends a money-moving follow-up even though main knows the payment final, to see
   * how the gateway refuses it (Sandbox and test profiles only; the exchange records the override).
   */
  reference: z.object({ transactionID: text, overrideFinal: z.boolean().optional() }).strict(),
  mbway: z.object({ transactionID: text, phone: text, overrideFinal: z.boolean().optional() }).strict(),
  status: z.object({ transactionID: text }).strict(),
  pollUntil: z
    .object({
      transactionID: text,
      status: z.union([paymentStatus, z.array(paymentStatus).min(1)]).optional(),
      final: z.boolean().optional(),
      timeoutSeconds: seconds.default(30),
      intervalSeconds: z.number().min(0.05).max(600).default(1),
    })
    .strict()
    .refine((poll) => poll.status !== undefined || poll.final === true, {
      message: 'give status or final: true (what to poll until)',
    }),
  /** Performs the actionResponse of a create step (`from`), or a url + params given here. */
  action: z
    .object({
      transactionID: text,
      from: z.string().optional(),
      url: z.string().optional(),
      params: z.array(z.object({ name: z.string(), value: z.string() }).strict()).optional(),
      /** Sandbox: the shopper's outcome of the extra step. */
      paymentStatus: z.enum(['Success', 'Declined']).optional(),
      overrideFinal: z.boolean().optional(),
    })
    .strict()
    .refine((action) => action.from !== undefined || action.url !== undefined, {
      message: 'give from (the create step id) or url',
    }),
  /** Waits until the console's receiver has a notification for the transaction (optionally of a status). */
  waitNotification: z
    .object({
      transactionID: text,
      status: paymentStatus.optional(),
      /** Wait until at least this many (of that status) arrived. */
      atLeast: z.number().int().positive().default(1),
      timeoutSeconds: seconds.default(10),
    })
    .strict(),
  /** Sandbox-only controls: skipped with a reason on any other profile. */
  sandbox: z
    .object({
      complete: z.object({ transactionID: text, status: paymentStatus }).strict().optional(),
      advanceClock: seconds.optional(),
      /** Make the next gateway call answer this HTTP status (or 200 with statusCode 999). */
      nextCall: z
        .object({
          status: nextCallStatusSchema,
        })
        .strict()
        .optional(),
      /** Notification delivery controls for the transaction's next (or, redeliver, last) notification. */
      delivery: z
        .object({
          transactionID: text,
          do: z.enum(DELIVERY_CONTROLS),
          /** failAck: how many attempts in a row are not acknowledged. */
          times: z.number().int().positive().max(20).default(1),
        })
        .strict()
        .optional(),
    })
    .strict()
    .refine((control) => Object.values(control).filter((value) => value !== undefined).length === 1, {
      message: 'give exactly one of complete, advanceClock, nextCall, delivery',
    }),
  /** A step the tester does by hand ("approve on your phone"), answered pass or fail. */
  manual: z.object({ prompt: z.string().min(1) }).strict(),
} as const;

export type StepKind = keyof typeof STEP_KINDS;
export const STEP_KIND_NAMES = Object.keys(STEP_KINDS) as StepKind[];

export type StepInput = { [K in StepKind]: { kind: K; args: z.output<(typeof STEP_KINDS)[K]> } }[StepKind];

export const STEP_COMMON_FIELDS = ['id', 'name', 'expect'] as const;

export interface ScenarioStep {
  /** 0-based position in the file. */
  index: number;
  id: string | null;
  name: string;
  /** 1-based line of the step in its file. */
  line: number;
  input: StepInput;
  expect: Expectation;
}

/** One row of a data table: column name to a plain value, read by `${row.column}`. */
export const dataRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const scenarioHeaderSchema = z
  .object({
    format: z.string(),
    name: z.string().min(1).max(200),
    description: z.string().max(4000).optional(),
    variant: z.enum(['A', 'B']),
    tags: z.array(z.string()).default([]),
    data: z.array(dataRowSchema).optional(),
    steps: z.array(z.unknown()).min(1),
  })
  .strict();

export interface Scenario {
  /** Where it came from: a file path, or `builtin/<folder>/<name>.yaml`. */
  file: string;
  /** Folder shown on the Scenarios screen (the file's folder). */
  folder: string;
  name: string;
  description: string;
  variant: 'A' | 'B';
  tags: string[];
  data: Array<Record<string, string | number | boolean | null>> | null;
  steps: ScenarioStep[];
  /** True when any step needs the Sandbox (the screen says so before a run on another profile). */
  usesSandbox: boolean;
}

export const STEP_ID = /^[A-Za-z][A-Za-z0-9_-]*$/;
