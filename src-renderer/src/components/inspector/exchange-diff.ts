/**
 * Side-by-side diff of two Exchanges: both are flattened into `path → value` rows (bodies parsed as
 * JSON when they are JSON, so a changed field shows as one row rather than a changed wall of text) and
 * aligned by path.
 */
import type { Exchange } from '@shared/exchange';
import { viewBody } from './body-view';

export type DiffKind = 'same' | 'changed' | 'only-left' | 'only-right';

export interface DiffRow {
  path: string;
  left: string | undefined;
  right: string | undefined;
  kind: DiffKind;
}

function flattenValue(prefix: string, value: unknown, out: Map<string, string>): void {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
    if (entries.length === 0) out.set(prefix, Array.isArray(value) ? '[]' : '{}');
    for (const [key, item] of entries) flattenValue(`${prefix}.${key}`, item, out);
    return;
  }
  out.set(prefix, typeof value === 'string' ? value : JSON.stringify(value));
}

function flattenBody(prefix: string, text: string | null | undefined, out: Map<string, string>): void {
  const view = viewBody(text);
  if (view.kind === 'json') flattenValue(prefix, view.value, out);
  else if (view.kind === 'text') out.set(prefix, view.text);
}

/** The fields a support agent compares; ids and timings included so "same call, different answer" shows. */
export function flattenExchange(exchange: Exchange): Map<string, string> {
  const out = new Map<string, string>();
  out.set('operation', exchange.operation);
  out.set('request.method', exchange.method);
  out.set('request.url', exchange.url);
  for (const [name, value] of Object.entries(exchange.request.headers))
    out.set(`request.headers.${name.toLowerCase()}`, value);
  flattenBody('request.body', exchange.request.body, out);
  if (exchange.response) {
    out.set('response.status', String(exchange.response.status));
    for (const [name, value] of Object.entries(exchange.response.headers))
      out.set(`response.headers.${name.toLowerCase()}`, value);
    flattenBody('response.body', exchange.response.bodyText, out);
  } else out.set('response', '(no answer)');
  out.set('classification', exchange.classification);
  out.set('summary', exchange.summary);
  if (exchange.suggestedAction) out.set('suggestedAction', exchange.suggestedAction);
  out.set('timings.startedAt', exchange.timings.startedAt);
  out.set('timings.durationMs', String(Math.round(exchange.timings.durationMs)));
  out.set('timings.attempts', String(exchange.timings.attempts));
  exchange.conformanceNotes.forEach((note, i) => out.set(`conformanceNotes.${i}`, `${note.path}: ${note.message}`));
  return out;
}

export function diffExchanges(left: Exchange, right: Exchange): DiffRow[] {
  const a = flattenExchange(left);
  const b = flattenExchange(right);
  const paths = [...a.keys()];
  for (const path of b.keys()) if (!a.has(path)) paths.push(path);
  return paths.map((path) => {
    const l = a.get(path);
    const r = b.get(path);
    const kind: DiffKind =
      l === undefined ? 'only-right' : r === undefined ? 'only-left' : l === r ? 'same' : 'changed';
    return { path, left: l, right: r, kind };
  });
}
