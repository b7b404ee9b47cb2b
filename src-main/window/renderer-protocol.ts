import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { protocol } from 'electron';
import { RENDERER_SECURITY_HEADERS } from '../security/content-security-policy';
import { resolveInside } from '../security/resolve-inside';

/** The renderer is served from `app://console/` so it has a real origin for CSP 'self' and guards. */
export const RENDERER_SCHEME = 'app';
export const RENDERER_HOST = 'console';
export const RENDERER_ORIGIN = `${RENDERER_SCHEME}://${RENDERER_HOST}`;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export const isRendererUrl = (url: string): boolean => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${RENDERER_SCHEME}:` && parsed.host === RENDERER_HOST;
  } catch {
    return false;
  }
};

/** Must run before `app` is ready. */
export function registerRendererSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: RENDERER_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves out/renderer with the security headers; nothing outside that folder is reachable. */
export function registerRendererProtocol(rendererDir: string = join(__dirname, '../renderer')): void {
  protocol.handle(RENDERER_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file =
      url.host === RENDERER_HOST
        ? resolveInside(rendererDir, url.pathname === '/' ? '/index.html' : url.pathname)
        : null;
    if (!file) return new Response('Not found', { status: 404, headers: RENDERER_SECURITY_HEADERS });
    try {
      const body = await readFile(file);
      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
          ...RENDERER_SECURITY_HEADERS,
        },
      });
    } catch {
      return new Response('Not found', { status: 404, headers: RENDERER_SECURITY_HEADERS });
    }
  });
}
