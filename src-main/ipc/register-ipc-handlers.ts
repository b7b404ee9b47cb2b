import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_PREFIX, methodNames } from '@shared/contract';
import { fail } from '@shared/result';
import type { ConsoleCore } from '../core/console-core';
import { isRendererUrl } from '../window/renderer-protocol';
import { mainText } from '@shared/console-text';

/** Only our own renderer's top frame may call main (no iframes, no other origins, no devtools pages). */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  if (frame !== event.sender.mainFrame) return false;
  return isRendererUrl(frame.url);
}

/**
 * Every contract method goes through this one wrapper: sender check first, then the core's dispatch,
 * which parses the input with the contract schema (architecture rule 2).
 */
export function registerIpcHandlers(core: Pick<ConsoleCore, 'dispatch' | 'events'>, ipc = ipcMain): () => void {
  for (const name of methodNames) {
    ipc.handle(IPC_INVOKE_PREFIX + name, async (event, input: unknown) => {
      if (!isTrustedSender(event)) return fail('forbidden-sender', mainText('forbiddenSender'));
      return core.dispatch(name, input);
    });
  }
  const unsubscribe = core.events.subscribe((name, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      const contents = window.webContents;
      if (!contents.isDestroyed() && isRendererUrl(contents.getURL())) contents.send(IPC_EVENT_CHANNEL, name, payload);
    }
  });
  return () => {
    unsubscribe();
    for (const name of methodNames) ipc.removeHandler(IPC_INVOKE_PREFIX + name);
  };
}
