import { beforeEach, describe, expect, it } from 'vitest';
import { installAppMenu } from '../../../src-main/window/app-menu';
import { electronFake } from '../../stubs/electron';

type Item = { role?: string; label?: string; submenu?: Item[] };
const roles = (items: Item[]): string[] =>
  items.flatMap((item) => [...(item.role ? [item.role] : []), ...roles(item.submenu ?? [])]);

beforeEach(() => electronFake.reset());

describe('application menu', () => {
  it('offers the usual menus built from Electron roles', () => {
    installAppMenu();
    const found = roles((electronFake.state.menuTemplate ?? []) as Item[]);
    expect(found).toEqual(expect.arrayContaining(['fileMenu', 'editMenu', 'windowMenu', 'reload', 'togglefullscreen']));
    expect(found).toEqual(expect.arrayContaining(['resetZoom', 'zoomIn', 'zoomOut']));
  });

  it('offers DevTools only in an unpackaged build', () => {
    installAppMenu();
    expect(roles((electronFake.state.menuTemplate ?? []) as Item[])).toContain('toggleDevTools');
    electronFake.state.isPackaged = true;
    installAppMenu();
    expect(roles((electronFake.state.menuTemplate ?? []) as Item[])).not.toContain('toggleDevTools');
  });
});
