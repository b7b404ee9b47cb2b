import { describe, expect, it } from 'vitest';
import { JsonStreamError, JsonStreamReader } from '../../../src-renderer/src/db/json-stream-reader';

/** Feeds `text` in pieces of `size` characters and returns what the reader handed over. */
function read(text: string, size: number) {
  const fields: Record<string, unknown> = {};
  const elements: Array<[string, unknown]> = [];
  const reader = new JsonStreamReader(new Set(['items', 'more']), {
    field: (name, value) => (fields[name] = value),
    element: (array, elementText) => elements.push([array, JSON.parse(elementText)]),
  });
  for (let at = 0; at < text.length; at += size) reader.push(text.slice(at, at + size));
  reader.end();
  return { fields, elements };
}

const sample = {
  format: 'x',
  version: 1,
  nested: { a: [1, { b: '}]"' }] },
  items: [{ key: 'a', text: 'comma, brace } bracket ] quote " backslash \\ done' }, 'plain', 42, null, [1, 2], true],
  empty: [],
  more: [],
  last: -1.5e3,
};

describe('JsonStreamReader', () => {
  it.each([1, 2, 3, 7, 64, 100_000])('reads the same fields and elements whatever the piece size (%i)', (size) => {
    for (const text of [JSON.stringify(sample), JSON.stringify(sample, null, 2)]) {
      const { fields, elements } = read(text, size);
      expect(fields).toEqual({ format: 'x', version: 1, nested: sample.nested, empty: [], last: -1500 });
      expect(elements).toEqual(sample.items.map((item) => ['items', item]));
    }
  });

  it('says where a file breaks off or is not an object', () => {
    expect(() => read('{"items":[{"a":1},{"a"', 5)).toThrow(/ends before its JSON object does/);
    expect(() => read('[1,2]', 5)).toThrow(JsonStreamError);
    expect(() => read('{"a" 1}', 5)).toThrow(/Expected ":" after "a"/);
    expect(() => read('{"items":[1 2]}', 5)).toThrow(/Expected "," or "]"/);
    expect(() => read('{"a":1} trailing', 5)).toThrow(/after the end/);
  });
});
