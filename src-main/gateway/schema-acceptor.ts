import type { z } from 'zod';

/** A predicate that returns true only when the schema would accept the value. */
export type Acceptor = (value: unknown) => boolean;

/** The parts of zod 4's schema definitions this compiler reads (`schema._zod.def`). */
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  checks?: Array<{ _zod: { def: { check: string; format?: string; pattern?: RegExp } } }>;
  innerType?: Schema;
  options?: Schema[];
  element?: Schema;
  in?: Schema;
}
interface Schema {
  _zod: { def: Def };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Compiles the shapes the lenient response schemas use (objects, optionals, unions, arrays, strings with a
 * regex, numbers, unknown, and a transform after a type) into a plain predicate, or returns null when the
 * schema uses anything else. Why: a zod parse builds the whole output object and its issue machinery on
 * every answer; almost every answer conforms, so a predicate that allocates nothing decides the common
 * case and zod still words every deviation.
 * The predicate must never accept what zod rejects; it may reject what zod accepts (zod then decides).
 */
export function compileAcceptor(schema: z.ZodType): Acceptor | null {
  try {
    return compile(schema as unknown as Schema);
  } catch {
    return null;
  }
}

function compile(schema: Schema): Acceptor {
  const def = schema._zod.def;
  switch (def.type) {
    case 'unknown':
    case 'any':
      return () => true;
    case 'string':
      return compileString(def);
    case 'number':
      if (def.checks?.length) throw new Error('number checks are not compiled');
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'optional': {
      const inner = compile(def.innerType!);
      return (value) => value === undefined || inner(value);
    }
    case 'union': {
      const options = def.options!.map(compile);
      return (value) => options.some((option) => option(value));
    }
    case 'array': {
      const element = compile(def.element!);
      return (value) => Array.isArray(value) && value.every((item) => element(item));
    }
    // A transform (e.g. `z.number().transform(String)`) cannot fail once its input is accepted.
    case 'pipe':
      if (def.in === undefined) throw new Error('pipe without input');
      return compile(def.in);
    case 'object':
      return compileObject(def);
    default:
      throw new Error(`${def.type} is not compiled`);
  }
}

function compileString(def: Def): Acceptor {
  const patterns = (def.checks ?? []).map(({ _zod }) => {
    const check = _zod.def;
    if (check.check !== 'string_format' || check.format !== 'regex' || !check.pattern)
      throw new Error(`string check ${check.check} is not compiled`);
    // zod tests without the global flag's state; a fresh copy keeps lastIndex out of it.
    return new RegExp(check.pattern.source, check.pattern.flags.replace('g', ''));
  });
  return (value) => typeof value === 'string' && patterns.every((pattern) => pattern.test(value));
}

function compileObject(def: Def): Acceptor {
  // Unknown keys: kept (`unknown` catchall) or stripped (none) — never a failure. Any other catchall is not compiled.
  if (def.catchall !== undefined && def.catchall._zod.def.type !== 'unknown')
    throw new Error('object catchall is not compiled');
  const fields = Object.entries(def.shape ?? {}).map(([key, field]) => ({ key, accept: compile(field) }));
  return (value) => {
    if (!isPlainObject(value)) return false;
    for (const field of fields) if (!field.accept(value[field.key])) return false;
    return true;
  };
}
