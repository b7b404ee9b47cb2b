/**
 * The order draft IS the request body (plain JSON), so the form, the JSON tab, the validator and the
 * cURL export all read one object. Fields address it by dotted path, the same paths `validateOrder`
 * reports issues with.
 */
export type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function getPath(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const key of path.split('.')) {
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node)) node = node[key];
    else return undefined;
  }
  return node;
}

/** Sets a value, creating the objects on the way; `undefined` removes the key (optional fields left blank are not sent). */
export function setPath(root: Json, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop();
  if (last === undefined) return;
  let node: Json = root;
  for (const key of keys) {
    const next = node[key];
    if (!isObject(next)) node[key] = {};
    node = node[key] as Json;
  }
  if (value === undefined) delete node[last];
  else node[last] = value;
}

export const hasPath = (root: unknown, path: string): boolean => getPath(root, path) !== undefined;
