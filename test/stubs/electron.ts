// Tests never load the real Electron: vitest aliases `electron` to this stub, and each test that
// exercises the shell replaces the pieces it needs with vi.fn() spies (see test/main/shell/*).
export const app = {};
export const BrowserWindow = class {};
export const ipcMain = {};
export const ipcRenderer = {};
export const contextBridge = {};
export const shell = {};
export const session = {};
export const Menu = {};
export const screen = {};
export default { app, BrowserWindow, ipcMain, ipcRenderer, contextBridge, shell, session, Menu, screen };
