import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { RENDERER_SECURITY_HEADERS } from '../security/content-security-policy';
import { resolveInside } from '../security/resolve-inside';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/**
 * Serves the built renderer. Unknown paths without an extension fall back to index.html (client-side
 * routes); hashed assets are cached, the document is not.
 */
export async function serveStatic(root: string, urlPath: string, res: ServerResponse, method: string): Promise<void> {
  let file = resolveInside(root, urlPath === '/' ? '/index.html' : urlPath);
  let info = file ? await stat(file).catch(() => null) : null;
  if ((!info || info.isDirectory()) && extname(urlPath) === '') {
    file = join(root, 'index.html');
    info = await stat(file).catch(() => null);
  }
  if (!file || !info || !info.isFile()) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...RENDERER_SECURITY_HEADERS });
    res.end(
      info === null && file?.endsWith('index.html') ? 'The renderer is not built: run `npm run build`.' : 'Not found',
    );
    return;
  }
  const isDocument = file.endsWith('.html');
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'Content-Length': info.size,
    'Cache-Control': isDocument ? 'no-store' : 'public, max-age=31536000, immutable',
    ...RENDERER_SECURITY_HEADERS,
  });
  if (method === 'HEAD') {
    res.end();
    return;
  }
  // A file removed between stat and read must end this response, not the whole host.
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
