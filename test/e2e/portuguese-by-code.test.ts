/**
 * Issue 27, Everyone 1 in Chromium: a Portuguese user reads what main says — a gateway answer's summary
 * and suggested action — in Portuguese, worded by text id (never main's English sentence).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../support/browser-mode';

const LOOKUP = 'ID da transação, id da encomenda do comerciante ou referência Multibanco';

describe('Portuguese by code, not by sentence (Chromium)', () => {
  let session: ConsoleSession;
  beforeAll(async () => {
    session = await openConsole({ viewport: { width: 1400, height: 900 }, locale: 'pt-PT' });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('exchange suggested action leak: a lookup the gateway answers 404 reads in Portuguese, advice included', async () => {
    const page = session.page;
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Apoio', exact: true }).click();
    const box = page.getByLabel(LOOKUP);
    // Shaped like a gateway transactionID (s2 + 18), so it is asked of the gateway, which does not know it.
    await box.fill(`s2${'Z'.repeat(18)}`);
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'O gateway recusou a consulta' });
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain('O gateway não conhece esta transação: verifique o id da transação e o perfil.');
    expect(text).not.toContain('The gateway does not know this transaction');
    expect(session.pageErrors).toEqual([]);
  }, 60_000);

  it('import error leak: a history file that is not an export is refused in Portuguese, the reason included', async () => {
    const page = session.page;
    await page
      .getByRole('navigation', { name: 'Principal' })
      .getByRole('link', { name: 'Histórico', exact: true })
      .click();
    await page.getByText('Exportar e importar', { exact: true }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'other.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ format: 'someone-else', version: 1, transactions: [] })),
    });
    const alert = page.getByText(/^Não é possível importar o ficheiro: /);
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'Não é possível importar o ficheiro: format: Não é um ficheiro de histórico da Consola do Gateway (o formato tem de ser "gateway-console-history")',
    );
    expect(session.pageErrors).toEqual([]);
  }, 60_000);
});
