import { z } from 'zod';
import { exchangeSchema } from '../exchange';
import { method } from './define';
import { worldIdSchema } from '../sandbox-worlds';

export const demoSeedResultSchema = z.object({
  orders: z.number().int().min(0),
  /** Every exchange of the seeding (redacted), oldest first, timed on the demo's three weeks. */
  exchanges: z.array(exchangeSchema),
  from: z.string(),
  to: z.string(),
  /** The demo's own world and the profiles that reach it: the tour's calls go there, never to the user's Sandbox. */
  worldId: worldIdSchema,
  profiles: z.object({ A: z.string(), B: z.string() }),
});
export type DemoSeedResult = z.infer<typeof demoSeedResultSchema>;

export const demoMethods = {
  'demo.seed': method(
    'Make a fresh demo world (the user’s Sandbox is untouched) and seed it with the demo’s three weeks of payments, made through the simulator.',
    z.undefined().or(z.object({}).strict()),
    demoSeedResultSchema,
  ),
  'demo.end': method(
    'End the demo: discard its world and its profiles (the user’s Sandbox is untouched).',
    z.undefined().or(z.object({}).strict()),
    z.object({ discarded: z.boolean(), profiles: z.array(z.string()) }),
  ),
};
