/**
 * The renderer's Content-Security-Policy, sent as a response header by both shells.
 * Scripts only from our own origin; naive-ui injects <style> at runtime, hence 'unsafe-inline' for styles
 * only. The renderer talks to main over IPC (Electron) or to its own origin (browser mode), so
 * connect-src is 'self' and nothing else: a renderer can never reach the gateway directly.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** Headers every renderer document and asset is served with, in Electron and in browser mode. */
export const RENDERER_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
