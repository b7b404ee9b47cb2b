import type { Session } from 'electron';
import { beforeEach, describe, expect, it } from 'vitest';
import { hardenSessions } from '../../../src-main/window/session-guards';
import { electronFake, session } from '../../stubs/electron';

const target = session.defaultSession;

beforeEach(() => {
  electronFake.reset();
  hardenSessions(target as unknown as Session);
});

describe('session guards', () => {
  it.each(['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen'])(
    'denies the %s permission request and check',
    (permission) => {
      const answers: boolean[] = [];
      target.permissionRequestHandler?.({}, permission, (granted: boolean) => answers.push(granted), {});
      expect(answers).toEqual([false]);
      expect(target.permissionCheckHandler?.({}, permission, 'app://console', {})).toBe(false);
    },
  );

  it('denies device (USB/HID/serial) access', () => {
    expect(target.devicePermissionHandler?.({ deviceType: 'usb', origin: 'app://console' })).toBe(false);
  });

  const decide = (url: string): unknown => {
    let answer: unknown;
    target.beforeRequest?.({ url }, (response: unknown) => (answer = response));
    return answer;
  };

  it.each([
    'https://api.gateway.example/v2/orders',
    'http://127.0.0.1:4010/',
    'ws://127.0.0.1:9229/',
    'wss://evil.example/socket',
    'file:///etc/passwd',
    'ftp://example.com/',
  ])('cancels a renderer request to %s (no remote content)', (url) => {
    expect(decide(url)).toEqual({ cancel: true });
  });

  it.each([
    'app://console/index.html',
    'app://console/assets/index.js',
    'data:image/png;base64,AA==',
    'devtools://devtools/bundled/devtools_app.html',
  ])('lets %s through', (url) => {
    expect(decide(url)).toEqual({ cancel: false });
  });
});
