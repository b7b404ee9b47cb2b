/**
 * `qa.*`: the QA workflow — the scenario library, runs with live per-step progress, the answer to a
 * manual step, and run reports. The runner lives in main (src-main/qa), the same one the CLI uses.
 */
import { z } from 'zod';
import { worldIdSchema } from '../sandbox-worlds';
import { exchangeSchema } from '../exchange';
import { DELIVERY_CONTROLS, NEXT_CALL_STATUSES, type NextCallStatus } from '../qa/sandbox-controls';
import { event, method } from './define';
import { gatewayCallResultSchema } from './orders';

export const stepStatusSchema = z.enum(['passed', 'failed', 'skipped', 'running']);
export type StepStatus = z.infer<typeof stepStatusSchema>;

/** One expectation of a step: what the scenario expected, what happened. */
export const checkResultSchema = z.object({
  what: z.string(),
  expected: z.unknown(),
  actual: z.unknown(),
  passed: z.boolean(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

/** A notification the console's receiver recorded during the step (no secret: parsed plaintext fields). */
export const stepNotificationSchema = z.object({
  seq: z.number().int(),
  notificationId: z.string(),
  transactionId: z.string().nullable(),
  paymentStatus: z.string().nullable(),
  duplicate: z.boolean(),
  receivedAt: z.string(),
});
export type StepNotification = z.infer<typeof stepNotificationSchema>;

/** A file the tester attached to a manual verdict, as main kept it (`savedAs` is inside qa-evidence/). */
export const manualEvidenceSchema = z.object({
  name: z.string(),
  mediaType: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string(),
  savedAs: z.string(),
});
export type ManualEvidence = z.infer<typeof manualEvidenceSchema>;

export const stepResultSchema = z.object({
  index: z.number().int().nonnegative(),
  name: z.string(),
  kind: z.string(),
  /** Line of the step in its scenario file. */
  line: z.number().int(),
  status: stepStatusSchema,
  /** Why it failed or was skipped, in a sentence. */
  message: z.string().nullable(),
  checks: z.array(checkResultSchema),
  /** Every gateway call the step made, redacted (open in the Inspector by id). */
  exchanges: z.array(exchangeSchema),
  notifications: z.array(stepNotificationSchema),
  /** Verdict note of a manual step. */
  note: z.string().nullable(),
  /** Files attached to a manual step's verdict. */
  evidence: z.array(manualEvidenceSchema).optional(),
  startedAt: z.string(),
  durationMs: z.number().nonnegative(),
});
export type StepResult = z.infer<typeof stepResultSchema>;

export const scenarioResultSchema = z.object({
  /** `file` or `file#row` for one row of a data table. */
  key: z.string(),
  file: z.string(),
  folder: z.string(),
  name: z.string(),
  row: z.number().int().nullable(),
  profileId: z.string().nullable(),
  status: stepStatusSchema,
  message: z.string().nullable(),
  steps: z.array(stepResultSchema),
  startedAt: z.string(),
  durationMs: z.number().nonnegative(),
});
export type ScenarioResult = z.infer<typeof scenarioResultSchema>;

export const runProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  environment: z.string(),
  terminalId: z.string(),
  variant: z.string(),
  /** A lookup-only profile masks customer data like a production one, in the run's report too. */
  lookupOnly: z.boolean().optional(),
});

export const runCountsSchema = z.object({
  total: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type RunCounts = z.infer<typeof runCountsSchema>;

/** The HTTP status a Sandbox control makes the next gateway call answer (scenario files use it too). */
export const nextCallStatusSchema = z.union(
  NEXT_CALL_STATUSES.map((status) => z.literal(status)) as [
    z.ZodLiteral<NextCallStatus>,
    ...Array<z.ZodLiteral<NextCallStatus>>,
  ],
);

/** The transaction a manual step is about: the one the scenario's earlier steps created or queried. */
export const manualTransactionSchema = z.object({
  transactionID: z.string().nullable(),
  merchantTransactionId: z.string().nullable(),
  amount: z.string().nullable(),
  paymentStatus: z.string().nullable(),
});
export type ManualTransaction = z.infer<typeof manualTransactionSchema>;

/** The manual step a run waits on: main keeps it, so a reloaded screen can still answer it. */
export const waitingManualSchema = z.object({
  scenarioKey: z.string(),
  stepIndex: z.number().int(),
  prompt: z.string(),
  transaction: manualTransactionSchema.nullable().optional(),
});
export type WaitingManual = z.infer<typeof waitingManualSchema>;

export const runResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  consoleVersion: z.string(),
  tester: z.string().nullable(),
  profiles: z.array(runProfileSchema),
  scenarios: z.array(scenarioResultSchema),
  counts: runCountsSchema,
  /** The user stopped the run: what it holds is the partial result (later scenarios did not run). */
  stopped: z.boolean().optional(),
  /** What each item of the report is: a scenario (row) of a run, a transaction of a test session, a readiness check. */
  subject: z.enum(['scenario', 'transaction', 'check']).optional(),
  /** The manual step the run waits on right now, if any. */
  waitingManual: waitingManualSchema.nullable().optional(),
  /** The run's own Sandbox world (its calls, clock moves and faults), kept until the run is deleted. */
  worldId: z.string().nullable().optional(),
});
export type RunResult = z.infer<typeof runResultSchema>;

export const scenarioSummarySchema = z.object({
  file: z.string(),
  folder: z.string(),
  name: z.string(),
  description: z.string(),
  variant: z.enum(['A', 'B']),
  tags: z.array(z.string()),
  steps: z.number().int(),
  rows: z.number().int().nullable(),
  usesSandbox: z.boolean(),
});
export type ScenarioSummary = z.infer<typeof scenarioSummarySchema>;

export const scenarioProblemSchema = z.object({
  kind: z.string(),
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  field: z.string(),
  message: z.string(),
});

export const reportFormatSchema = z.enum(['html', 'json', 'junit', 'markdown']);
export type ReportFormat = z.infer<typeof reportFormatSchema>;

const runIdSchema = z.string().min(1).max(100);

export const scenarioFolderSchema = z.object({ path: z.string(), isDefault: z.boolean() });

export const qaMethods = {
  'qa.scenarios': method(
    'The scenario library: the built-in scenarios and the files in the scenario folder, with any file problems.',
    z.undefined(),
    z.object({ scenarios: z.array(scenarioSummarySchema), problems: z.array(scenarioProblemSchema) }),
  ),
  'qa.addScenario': method(
    'Checks a scenario file (YAML or JSON text, typed or opened from disk) and saves it in the scenario folder; problems name line and field. An existing file is only replaced with `replace`.',
    z.object({ file: z.string().min(1).max(300), text: z.string().max(1_000_000), replace: z.boolean().optional() }),
    z.object({ added: scenarioSummarySchema.nullable(), problems: z.array(scenarioProblemSchema) }),
  ),
  'qa.scenarioFolder': method(
    'Where scenario files are kept (default: scenarios/ in the user-data folder).',
    z.undefined(),
    scenarioFolderSchema,
  ),
  'qa.setScenarioFolder': method(
    'Points the scenario library at another existing folder (absolute path; a git repository works); null goes back to the default.',
    z.object({ path: z.string().min(1).max(4000).nullable() }),
    scenarioFolderSchema,
  ),
  'qa.run': method(
    'Starts a run of the given scenarios (by file); progress arrives as qa.progress events, the end as qa.finished.',
    z.object({
      files: z.array(z.string().min(1).max(300)).min(1).max(1000),
      /** Profile per variant; by default the Sandbox profile of each variant. */
      profileA: z.string().max(100).optional(),
      profileB: z.string().max(100).optional(),
      tester: z.string().max(200).optional(),
      /** Needed when a scenario polls a production profile: the user typed that profile's name. */
      productionConfirmation: z
        .object({ profileName: z.string().min(1).max(200) })
        .strict()
        .optional(),
    }),
    z.object({ runId: runIdSchema }),
  ),
  'qa.cancelRun': method(
    'Stops a run: a call already sent finishes, nothing further is sent; the result so far stays readable (stopped).',
    z.object({ runId: runIdSchema }),
    /** false when the run had already finished. */
    z.object({ stopping: z.boolean() }),
  ),
  'qa.result': method('A run as it stands (running or finished).', z.object({ runId: runIdSchema }), runResultSchema),
  'qa.deleteRun': method(
    'Deletes a finished run with its evidence files and its Sandbox world (a run under way is refused: stop it first).',
    z.object({ runId: runIdSchema }),
    /** `profiles`: the discarded world's profiles, whose History rows the page forgets too. */
    z.object({ deleted: z.boolean(), worldDiscarded: z.boolean(), profiles: z.array(z.string()) }),
  ),
  'qa.openSessionWorld': method(
    'Makes a Sandbox world for a QA session: the profiles it returns reach it with the Sandbox’s credentials, and nothing done there touches the user’s Sandbox.',
    z.object({ sessionId: z.string().min(1).max(100), name: z.string().max(200).optional() }).strict(),
    z.object({ worldId: worldIdSchema, profiles: z.object({ A: z.string(), B: z.string() }) }),
  ),
  'qa.closeSessionWorld': method(
    'Discards a QA session’s Sandbox world and its profiles.',
    z.object({ sessionId: z.string().min(1).max(100) }).strict(),
    z.object({ discarded: z.boolean() }),
  ),
  'qa.latestRun': method(
    'The newest scenario run (running or finished), so a reloaded Scenarios screen picks it up; null when none ran.',
    z.undefined(),
    runResultSchema.nullable(),
  ),
  'qa.answerManual': method(
    'Answers the manual step a run is waiting on, pass or fail with a note.',
    z.object({
      runId: runIdSchema,
      scenarioKey: z.string().max(400),
      stepIndex: z.number().int().nonnegative(),
      passed: z.boolean(),
      note: z.string().max(4000).default(''),
      /** A file or screenshot as evidence (base64; the whole request stays under the host's 1 MB). */
      evidence: z
        .array(z.object({ name: z.string().min(1).max(200), base64: z.string().max(700_000) }))
        .max(3)
        .optional(),
    }),
    z.object({ accepted: z.boolean() }),
  ),
  'qa.report': method(
    'A run report as text: self-contained HTML, JSON, JUnit XML or a Markdown summary (redacted like exports).',
    z.object({ runId: runIdSchema, format: reportFormatSchema }),
    z.object({ fileName: z.string(), mediaType: z.string(), text: z.string() }),
  ),
  'qa.readiness': method(
    'Go-live readiness of a test profile: environments separated, test connection, the shop’s webhook acknowledging a notification the gateway sent for the profile (re-delivered to the profile’s configured webhook URL; `webhookUrl`, when given, must be that one), timeouts. Same report format as a run.',
    z.object({ profileId: z.string().min(1).max(100), webhookUrl: z.string().url().max(2000).nullable() }),
    runResultSchema,
  ),
  'qa.sandboxControl': method(
    'Sandbox only: make the next gateway call answer an error, or fail the ack of / duplicate / reorder / redeliver a transaction’s notification.',
    z.discriminatedUnion('action', [
      z.object({
        action: z.literal('nextCall'),
        status: nextCallStatusSchema,
        /** The world to arm it in (a test session's); absent, the user's Sandbox. */
        worldId: worldIdSchema.optional(),
      }),
      z.object({
        action: z.literal('delivery'),
        transactionId: z.string().min(1).max(100),
        control: z.enum(DELIVERY_CONTROLS),
        times: z.number().int().positive().max(20).optional(),
        worldId: worldIdSchema.optional(),
      }),
    ]),
    z.object({ nextCalls: z.array(z.number()), deliveries: z.number().int() }),
  ),
  'qa.testValues': method(
    'The Sandbox’s magic values (MB WAY phones and order amounts) with the outcome each produces, for the test-value pickers.',
    z.undefined(),
    z.object({
      phones: z.array(z.object({ value: z.string(), outcome: z.string(), statusCode: z.string().nullable() })),
      amounts: z.array(
        z.object({
          value: z.number(),
          when: z.string(),
          httpStatus: z.number().nullable(),
          statusCode: z.string().nullable(),
        }),
      ),
    }),
  ),
  'qa.createUnvalidated': method(
    '“Send without validation” after the tester confirmed: the order goes as typed so the gateway’s own validation can be tested. Sandbox and test profiles only (refused in main for production).',
    z
      .object({
        profileId: z.string().min(1).max(100),
        order: z.record(z.string(), z.unknown()),
        confirmed: z.literal(true),
      })
      .strict(),
    gatewayCallResultSchema,
  ),
};

export const qaEvents = {
  'qa.progress': event(
    'A scenario of a run started, a step finished or a manual step waits for the tester.',
    z.object({
      runId: z.string(),
      scenarioKey: z.string(),
      scenario: scenarioResultSchema,
      waitingManual: z
        .object({
          stepIndex: z.number().int(),
          prompt: z.string(),
          transaction: manualTransactionSchema.nullable().optional(),
        })
        .nullable(),
    }),
  ),
  'qa.finished': event('A run ended.', z.object({ runId: z.string(), counts: runCountsSchema })),
  'qa.libraryChanged': event(
    'A file in the scenario folder changed on disk (or the folder was changed).',
    z.object({}),
  ),
};
