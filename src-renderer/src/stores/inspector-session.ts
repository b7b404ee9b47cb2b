export const SESSION_START_KEY = 'gateway-console.inspector.session-start';

/**
 * When this session began: kept in sessionStorage, which a reload keeps and a new window or a restart
 * does not — exactly the life of "this session". The shell marks it when it mounts, so calls made
 * before the Inspector's code has loaded are in the session too.
 */
export function sessionStart(storage: Storage = sessionStorage): number {
  const known = Number(storage.getItem(SESSION_START_KEY));
  if (Number.isFinite(known) && known > 0) return known;
  const now = Date.now();
  storage.setItem(SESSION_START_KEY, String(now));
  return now;
}
