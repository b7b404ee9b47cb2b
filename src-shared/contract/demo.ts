import { z } from 'zod';
import { exchangeSchema } from '../exchange';
import { method } from './define';

export const demoSeedResultSchema = z.object({
  orders: z.number().int().min(0),
  /** Every exchange of the seeding (redacted), oldest first, timed on the demo's three weeks. */
  exchanges: z.array(exchangeSchema),
  from: z.string(),
  to: z.string(),
});
export type DemoSeedResult = z.infer<typeof demoSeedResultSchema>;

export const demoMethods = {
  'demo.seed': method(
    'Seed an empty Sandbox with the demo’s three weeks of payments, made through the simulator (refused when the Sandbox is not empty).',
    z.undefined().or(z.object({}).strict()),
    demoSeedResultSchema,
  ),
};
