import { z } from 'zod';

/** Every ConsoleApi call answers with a Result: errors travel as data, never as thrown exceptions. */
export const consoleErrorSchema = z.object({
  /** Stable machine-readable code, e.g. `invalid-input`, `unknown-method`, `not-found`. */
  code: z.string().min(1),
  /** One sentence a user can act on. */
  message: z.string(),
  details: z.unknown().optional(),
});
export type ConsoleError = z.infer<typeof consoleErrorSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: ConsoleError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: string, message: string, details?: unknown): Result<never> => ({
  ok: false,
  error: details === undefined ? { code, message } : { code, message, details },
});

/** Thrown inside main-process handlers to produce a specific `{ ok: false }` result. */
export class ConsoleFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ConsoleFailure';
  }
}

export const resultSchema = <T extends z.ZodType>(value: T) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: consoleErrorSchema }),
  ]);
