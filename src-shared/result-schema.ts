/**
 * The shape of a failed Result, checked where one crosses a boundary. Apart from ./result so that
 * making a Result (the renderer's transport does, before the first paint) does not bring zod.
 */
import { z } from 'zod';
import { mainTextSchema } from './console-text';

export const consoleErrorSchema = z.object({
  /** Stable machine-readable code, e.g. `invalid-input`, `unknown-method`, `not-found`. */
  code: z.string().min(1),
  /** One sentence a user can act on. */
  message: z.string(),
  details: z.unknown().optional(),
  /** The message by id and parameters: what the renderer translates (`message` is its English). */
  text: mainTextSchema.optional(),
});
