/** How a body is shown: a JSON tree when it parses, the raw text otherwise (broken gateways exist). */
export type BodyView = { kind: 'empty' } | { kind: 'json'; value: unknown } | { kind: 'text'; text: string };

export function viewBody(text: string | null | undefined): BodyView {
  if (text === null || text === undefined || text.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'text', text };
  }
}
