import { toE164 } from './phone';

export type FieldKind = 'text' | 'textarea' | 'number' | 'phone';

/**
 * How a text input maps to the JSON value in the draft. Blank means "not sent". Text that cannot be
 * read as the wanted type is stored as typed, so the schema's message names the problem.
 */
export function parseInput(kind: FieldKind, text: string): unknown {
  if (kind === 'text' || kind === 'textarea') return text === '' ? undefined : text;
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (kind === 'number') return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : text;
  return toE164(trimmed) ?? text;
}

export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export const fieldId = (path: string) => `order-${path.replace(/\./g, '-')}`;
