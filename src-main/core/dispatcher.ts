import type { z } from 'zod';
import { isMethodName, methods, type MethodName, type MethodOutput, type Methods } from '@shared/contract';
import { ConsoleFailure, fail, ok, type Result } from '@shared/result';
import { redactText } from '../common/redact-text';
import { ruleOf } from '@shared/rule-text';
import { mainText } from '@shared/console-text';

/** Main-side implementation of one contract method: receives parsed input, returns plain output. */
export type Handler<M extends MethodName> = (
  input: z.output<Methods[M]['input']>,
) => Promise<MethodOutput<M>> | MethodOutput<M>;

export type Handlers = { [M in MethodName]: Handler<M> };

export type Dispatch = (method: unknown, input: unknown) => Promise<Result<unknown>>;

export interface DispatcherOptions {
  /** Where unexpected errors are reported (never with the raw input, which may hold secrets). */
  onInternalError?: (method: string, error: unknown) => void;
}

const describeIssues = (issues: z.core.$ZodIssue[]): string =>
  issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(input)'}: ${issue.message}`)
    .join('; ');

/**
 * The single entry point both shells call (architecture rule 2): unknown methods and inputs that do not
 * match the contract are refused before any handler runs, and outputs are parsed too so nothing the
 * contract does not name can cross to the renderer.
 */
export function createDispatcher(handlers: Handlers, options: DispatcherOptions = {}): Dispatch {
  return async (method, input) => {
    if (!isMethodName(method)) {
      return fail('unknown-method', mainText('unknownMethod', { method: JSON.stringify(String(method)).slice(0, 80) }));
    }
    const spec = methods[method];
    const parsedInput = spec.input.safeParse(input);
    if (!parsedInput.success) {
      return fail(
        'invalid-input',
        mainText('invalidInput', { method, issues: describeIssues(parsedInput.error.issues) }),
        {
          issues: parsedInput.error.issues.map((issue) => {
            // The shared rule that produced the message, so the renderer translates it by id.
            const rule = ruleOf(issue.message);
            return { path: issue.path.map(String), message: issue.message, ...(rule ? { rule } : {}) };
          }),
        },
      );
    }
    try {
      const handler = handlers[method] as (input: unknown) => unknown;
      const output = await handler(parsedInput.data);
      const parsedOutput = spec.output.safeParse(output);
      if (!parsedOutput.success) {
        options.onInternalError?.(method, parsedOutput.error);
        return fail('invalid-output', mainText('invalidOutput', { method }));
      }
      return ok(parsedOutput.data);
    } catch (error) {
      if (error instanceof ConsoleFailure) return fail(error.code, error.said, error.details);
      options.onInternalError?.(method, error);
      // The message crosses to the renderer: scrub any credential an underlying error quoted.
      return fail(
        'internal',
        mainText('internalError', {
          method,
          error: redactText(error instanceof Error ? error.message : String(error)),
        }),
      );
    }
  };
}
