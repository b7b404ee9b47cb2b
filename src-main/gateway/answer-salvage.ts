/**
 * Reading an answer the console would not parse whole (too deep, too large, cut off): its top-level
 * ids and returnStatus, so an order that exists is never hidden behind an "invalid response".
 */

/** What an answer that cannot be parsed whole still tells: its top-level ids and returnStatus. */
export interface SalvagedAnswer {
  returnStatus?: Record<string, string>;
  transactionID?: string;
  transactionSignature?: string;
  paymentStatus?: string;
  merchant?: Record<string, string>;
}

const TOP_LEVEL_FIELDS = new Set(['transactionID', 'transactionSignature', 'paymentStatus']);
const TOP_LEVEL_OBJECTS = new Set(['returnStatus', 'merchant']);

/**
 * Reads the top-level scalar fields the console needs (and the scalars of `returnStatus` / `merchant`)
 * from JSON text that is too deep or cut off, with one forward scan and no recursion. Values nested
 * anywhere else — a hostile extra field may repeat `transactionID` deep inside — are ignored.
 */
export function salvageAnswer(text: string): SalvagedAnswer {
  const out: SalvagedAnswer = {};
  /** Open containers: `{` or `[`, with the key each object is waiting a value for. */
  const stack: Array<{ kind: '{' | '['; key: string | null; expectKey: boolean; name: string | null }> = [];
  let index = 0;
  const top = () => stack[stack.length - 1];
  const store = (value: string) => {
    const frame = top();
    if (!frame || frame.kind !== '{' || frame.key === null) return;
    if (stack.length === 1 && TOP_LEVEL_FIELDS.has(frame.key)) (out as Record<string, string>)[frame.key] ??= value;
    else if (stack.length === 2 && frame.name !== null && TOP_LEVEL_OBJECTS.has(frame.name)) {
      const target = ((out as Record<string, Record<string, string>>)[frame.name] ??= {});
      target[frame.key] ??= value;
    }
    frame.key = null;
  };
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      let value: string;
      try {
        value = JSON.parse(text.slice(index, end + 1)) as string;
      } catch {
        value = text.slice(index + 1, end);
      }
      index = end + 1;
      const frame = top();
      if (frame?.kind === '{' && frame.expectKey) {
        frame.key = value;
        frame.expectKey = false;
      } else store(value);
      continue;
    }
    if (char === '{' || char === '[') {
      const parent = top();
      const name = parent?.kind === '{' ? parent.key : null;
      if (parent?.kind === '{') parent.key = null;
      stack.push({ kind: char, key: null, expectKey: char === '{', name });
    } else if (char === '}' || char === ']') stack.pop();
    else if (char === ',') {
      const frame = top();
      if (frame?.kind === '{') {
        frame.expectKey = true;
        frame.key = null;
      }
    } else if (/[-0-9]/.test(char)) {
      let end = index;
      while (end < text.length && /[-+0-9.eE]/.test(text[end]!)) end += 1;
      store(text.slice(index, end));
      index = end;
      continue;
    }
    index += 1;
  }
  return out;
}
