import type { z } from 'zod';
import { englishOf, type MainText } from './main-texts';
import type { consoleErrorSchema } from './result-schema';

/** Every ConsoleApi call answers with a Result: errors travel as data, never as thrown exceptions. */
export type ConsoleError = z.infer<typeof consoleErrorSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: ConsoleError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
/** A message is either a registered text (translated in the renderer) or passed-through outside text. */
export type FailureMessage = string | MainText;

export const fail = (code: string, message: FailureMessage, details?: unknown): Result<never> => {
  const error: ConsoleError =
    typeof message === 'string' ? { code, message } : { code, message: englishOf(message), text: message };
  if (details !== undefined) error.details = details;
  return { ok: false, error };
};

/** Thrown inside main-process handlers to produce a specific `{ ok: false }` result. */
export class ConsoleFailure extends Error {
  /** Set when the message is a registered text; a plain string is outside text (e.g. the gateway's own words). */
  readonly text: MainText | undefined;
  constructor(
    readonly code: string,
    message: FailureMessage,
    readonly details?: unknown,
  ) {
    super(typeof message === 'string' ? message : englishOf(message));
    this.name = 'ConsoleFailure';
    this.text = typeof message === 'string' ? undefined : message;
  }

  /** The message as given, for re-throwing or answering with it. */
  get said(): FailureMessage {
    return this.text ?? this.message;
  }
}
