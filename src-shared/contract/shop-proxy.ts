/**
 * `shopProxy.*` (issue 29 §4): the recording proxy a shop points at instead of the gateway's test
 * environment. Main decides where it forwards (the chosen profile's origin, production only with its name
 * typed), records each call masked at capture, and turns a recording into a scenario file.
 */
import { z } from 'zod';
import { shopTrafficEntrySchema, shopTrafficPageSchema } from '../shop/traffic';
import { event, method } from './define';

export const proxySessionSchema = z.object({
  /** The session's id: the `worldId` of its recorded calls. */
  id: z.string(),
  profileId: z.string(),
  profileName: z.string(),
  environment: z.enum(['sandbox', 'test', 'production']),
  /** Where the calls go: the profile's origin. */
  targetOrigin: z.string(),
  /** The shop's gateway base URL while it records: `http://127.0.0.1:PORT/api/v2`. */
  apiUrl: z.string(),
  startedAt: z.string(),
  /** Calls recorded so far. */
  calls: z.number().int().nonnegative(),
  /** How many findings (shop/findings.ts) the recording has so far. */
  findings: z.number().int().nonnegative(),
});
export type ProxySession = z.infer<typeof proxySessionSchema>;

const statusSchema = z.object({ session: proxySessionSchema.nullable() });

/** A file name as the Scenarios screen saves it (main checks it again: a name is never a path outside the folder). */
const scenarioFileSchema = z.string().trim().min(1).max(200);

export const shopProxyMethods = {
  'shopProxy.start': method(
    'Start the recording proxy for a test profile (a production one only with its name typed); answers its address.',
    z.object({
      profileId: z.string().min(1).max(100),
      /** 0 or absent: a free port. */
      port: z.number().int().min(0).max(65_535).optional(),
      productionConfirmation: z.object({ profileName: z.string().max(200) }).optional(),
    }),
    statusSchema,
  ),
  'shopProxy.stop': method(
    'Stop the recording proxy (its recording stays readable until the next start).',
    z.undefined().optional(),
    z.object({ stopped: z.boolean() }),
  ),
  'shopProxy.status': method(
    'Whether the recording proxy runs, where, and how many calls it recorded.',
    z.undefined().optional(),
    statusSchema,
  ),
  'shopProxy.traffic': method(
    'The recorded calls after a seq, masked (the same page as a world’s traffic).',
    z
      .object({
        after: z.number().int().nonnegative().optional(),
        limit: z.number().int().positive().max(1_000).optional(),
      })
      .optional(),
    shopTrafficPageSchema,
  ),
  'shopProxy.saveScenario': method(
    'Save the recording as a scenario file in the scenario folder, to replay the shop’s calls on the Sandbox.',
    z.object({
      file: scenarioFileSchema,
      name: z.string().trim().min(1).max(200),
      replace: z.boolean().optional(),
    }),
    z.object({
      /** Where it was saved, relative to the scenario folder. */
      file: z.string(),
      steps: z.number().int().nonnegative(),
      /** Recorded calls left out of the file, and why (by seq). */
      skipped: z.array(z.object({ seq: z.number().int(), reason: z.string() })),
    }),
  ),
};

export const shopProxyEvents = {
  'shopProxy.recorded': event(
    'The recording proxy recorded a call (masked at capture), as it happened: the live view of a proxy session.',
    shopTrafficEntrySchema,
  ),
};
