import type { WebContents } from 'electron';
import { beforeEach, describe, expect, it } from 'vitest';
import { guardWebContents } from '../../../src-main/window/create-main-window';
import { safeOpenExternal } from '../../../src-main/window/safe-open-external';
import { electronFake, FakeEvent, FakeWebContents } from '../../stubs/electron';

const guarded = (): FakeWebContents => {
  const contents = new FakeWebContents();
  contents.mainFrame.url = 'app://console/index.html';
  guardWebContents(contents as unknown as WebContents);
  return contents;
};

const HOSTILE_URLS = [
  'file:///etc/passwd',
  'javascript:alert(1)',
  'smb://attacker.example/share',
  'ms-msdt:/id PCWDiagnostic',
  'vscode://file/etc/passwd',
  'https://user:secret@evil.example/',
  'https://:secret@evil.example/',
  'not a url',
];

beforeEach(() => electronFake.reset());

describe('will-navigate / will-redirect', () => {
  it.each(['will-navigate', 'will-redirect'] as const)('%s stays inside app://console', (eventName) => {
    const contents = guarded();
    expect(contents.attemptNavigation('app://console/index.html#/orders', eventName)).toBe(true);
    for (const url of [
      'https://evil.example/',
      'http://127.0.0.1:8080/',
      'app://other/index.html',
      'file:///etc/passwd',
    ]) {
      expect(contents.attemptNavigation(url, eventName), url).toBe(false);
    }
    expect(contents.getURL()).toBe('app://console/index.html#/orders');
  });

  it('refuses to attach a <webview>', () => {
    const contents = guarded();
    const event = new FakeEvent();
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('setWindowOpenHandler', () => {
  it('denies every new window and hands an https link to the OS exactly once', async () => {
    const contents = guarded();
    expect(contents.windowOpenHandler?.({ url: 'https://docs.example.com/guide?x=1' })).toEqual({ action: 'deny' });
    await Promise.resolve();
    expect(electronFake.state.openedExternal).toEqual(['https://docs.example.com/guide?x=1']);
  });

  it.each(HOSTILE_URLS)('denies %s and opens nothing', async (url) => {
    const contents = guarded();
    expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    await Promise.resolve();
    expect(electronFake.state.openedExternal).toEqual([]);
  });
});

describe('safeOpenExternal (the one chokepoint for external URLs)', () => {
  it('opens http and https links', async () => {
    await expect(safeOpenExternal('http://example.com/a')).resolves.toBe(true);
    await expect(safeOpenExternal('https://example.com/b')).resolves.toBe(true);
    expect(electronFake.state.openedExternal).toEqual(['http://example.com/a', 'https://example.com/b']);
  });

  it.each(HOSTILE_URLS)('refuses %s', async (url) => {
    await expect(safeOpenExternal(url)).resolves.toBe(false);
    expect(electronFake.state.openedExternal).toEqual([]);
  });
});
