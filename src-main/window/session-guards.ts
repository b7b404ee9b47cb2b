import { session } from 'electron';
import { RENDERER_SCHEME } from './renderer-protocol';

/**
 * Session-wide guards: every permission (camera, notifications, geolocation, …) is denied, and the
 * renderer may load nothing but our own `app://` files and DevTools — no remote content at all.
 */
export function hardenSessions(target = session.defaultSession): void {
  target.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  target.setPermissionCheckHandler(() => false);
  target.setDevicePermissionHandler?.(() => false);
  target.webRequest.onBeforeRequest((details, callback) => {
    const allowed =
      details.url.startsWith(`${RENDERER_SCHEME}:`) ||
      details.url.startsWith('devtools:') ||
      details.url.startsWith('data:');
    callback({ cancel: !allowed });
  });
}
