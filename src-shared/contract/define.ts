import type { z } from 'zod';

/** One ConsoleApi method: a doc line and the zod schemas of what crosses the boundary each way. */
export interface MethodSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  doc: string;
  input: I;
  output: O;
}

export const method = <I extends z.ZodType, O extends z.ZodType>(
  doc: string,
  input: I,
  output: O,
): MethodSpec<I, O> => ({ doc, input, output });

/** One push event (main → renderer): a doc line and its payload schema. */
export interface EventSpec<P extends z.ZodType = z.ZodType> {
  doc: string;
  payload: P;
}

export const event = <P extends z.ZodType>(doc: string, payload: P): EventSpec<P> => ({ doc, payload });
