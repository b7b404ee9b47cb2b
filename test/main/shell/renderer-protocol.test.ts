import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/security/content-security-policy';
import { isRendererUrl, registerRendererProtocol } from '../../../src-main/window/renderer-protocol';
import { electronFake } from '../../stubs/electron';

let root: string;
let serve: (url: string) => Promise<Response>;

beforeAll(() => {
  electronFake.reset();
  root = mkdtempSync(join(tmpdir(), 'renderer-protocol-'));
  const rendererDir = join(root, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gateway Console</title>');
  writeFileSync(join(rendererDir, 'assets', 'index.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'TOP-SECRET');
  registerRendererProtocol(rendererDir);
  const handler = electronFake.state.protocolHandlers.get('app');
  if (!handler) throw new Error('registerRendererProtocol did not register the app: scheme');
  serve = (url) => handler({ url } as Request);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('app://console protocol', () => {
  it('serves the renderer with the CSP and security headers', async () => {
    for (const [url, type] of [
      ['app://console/', 'text/html; charset=utf-8'],
      ['app://console/index.html', 'text/html; charset=utf-8'],
      ['app://console/assets/index.js', 'text/javascript; charset=utf-8'],
    ] as const) {
      const response = await serve(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(await (await serve('app://console/index.html')).text()).toContain('Gateway Console');
  });

  it('pins the policy: scripts only from our origin, no remote connections, no framing', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|https?:|\*/);
  });

  it.each([
    'app://console/..%2fsecret.txt',
    'app://console/%2e%2e%2fsecret.txt',
    'app://console/assets/..%2f..%2fsecret.txt',
    'app://console/..%5csecret.txt',
    'app://console/%00index.html',
    'app://console/%E0%A4%A',
    'app://console/missing.html',
    'app://other-host/index.html',
  ])('refuses %s with a 404 that still carries the CSP', async (url) => {
    const response = await serve(url);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await response.text()).not.toContain('TOP-SECRET');
  });

  it('recognises only app://console URLs as the renderer', () => {
    expect(isRendererUrl('app://console/index.html')).toBe(true);
    for (const url of ['app://consolex/', 'app://console.evil.example/', 'https://console/', 'garbage']) {
      expect(isRendererUrl(url), url).toBe(false);
    }
  });
});
