/**
 * A hostile gateway against the sequence diagram, in real Chromium: its statusCode carries a Mermaid
 * `%%{init}%%` directive (CSS that hides every message), an HTML link and a style element. The transaction
 * view still draws every message, shows the code as plain text, and the picture holds no style, link or
 * markup that came from the gateway.
 */
import { readFileSync } from 'node:fs';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xmlEscape } from '@shared/xml-text';
import { openConsole, type ConsoleSession } from '../support/browser-mode';
import { openArea, sandboxOrder } from '../support/console-actions';
import { startFaultServer } from '../support/fault-server';

const DIRECTIVE = '%%{init: {"themeCSS": ".messageText{display:none} text{display:none} .actor{fill:red}"}}%%';
const STATUS_CODE = `${DIRECTIVE} <a href="http://127.0.0.1:9/x">open</a><style>svg{display:none}</style>`;
const TRANSACTION_ID = 's2HOSTILEdiagram00001';

describe('sequence diagram against a hostile gateway (Chromium)', () => {
  let session: ConsoleSession;
  let gateway: Awaited<ReturnType<typeof startFaultServer>>;
  let profileId: string;

  beforeAll(async () => {
    gateway = await startFaultServer();
    gateway.always({
      kind: 'answer',
      status: 200,
      body: {
        transactionID: TRANSACTION_ID,
        paymentStatus: 'Pending',
        paymentMethod: 'MBWAY',
        amount: { value: '10.50', currency: 'EUR' },
        merchant: { terminalId: '1000001', merchantTransactionId: 'hostile-1' },
        returnStatus: { statusCode: STATUS_CODE, statusMsg: 'Success' },
      },
    });
    session = await openConsole({ simulator: false });
    const saved = await session.core.profiles.save({
      settings: {
        name: 'Hostile gateway',
        environment: 'test',
        baseUrl: gateway.url,
        pathPrefix: '/api',
        version: 'v2',
        terminalId: '1000001',
        variant: 'A',
        clientIdHeader: 'X-Platform-Client-Id',
      },
      secrets: { bearerToken: 'hostile-diagram-token-0001', clientId: 'hostile-diagram-client-0002' },
    });
    profileId = saved.id;
  });
  afterAll(async () => {
    await session?.close();
    await gateway?.close();
  });

  it('defect: a gateway statusCode holding a Mermaid %%{init}%% directive restyled the diagram and hid every message', async () => {
    const { page } = session;
    await page.reload();
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    // An order created on the hostile gateway while the page is open: History records the call and its answer.
    const created = await session.core.dispatch('orders.create', { profileId, order: sandboxOrder('hostile-1') });
    expect(created.ok, JSON.stringify(created)).toBe(true);
    await openArea(page, 'History');
    await page.locator(`tr[data-key="${TRANSACTION_ID}"]`).waitFor();
    await page.goto(`${session.host.url}#/history/${TRANSACTION_ID}`);
    const figure = page.getByTestId('sequence-diagram');
    await figure.waitFor({ timeout: 20_000 });
    const answers = figure.locator('svg text', { hasText: 'HTTP 200' });
    await expect.poll(() => answers.count(), { timeout: 15_000 }).toBe(1);
    // Every answer is there to read, the gateway's code in it as the text it sent.
    for (const answer of await answers.all()) {
      expect(await answer.isVisible()).toBe(true);
      expect(await answer.textContent()).toContain(STATUS_CODE);
    }
    const inside = await figure.evaluate((element) => {
      const svg = element.querySelector('svg')!;
      return {
        styles: [...svg.querySelectorAll('style')].map((node) => node.textContent ?? ''),
        links: svg.querySelectorAll('a, [href], [*|href]').length,
        foreign: svg.querySelectorAll('foreignObject, script, style, iframe').length,
        styled: [...svg.querySelectorAll('*')].filter((node) => getComputedStyle(node).display === 'none').length,
        fill: [...svg.querySelectorAll('rect')].map((node) => getComputedStyle(node).fill),
      };
    });
    expect(inside.styles.filter((css) => /display:\s*none|fill:\s*red/.test(css))).toEqual([]);
    expect(inside.links).toBe(0);
    expect(inside.foreign).toBe(0);
    expect(inside.styled).toBe(0);
    expect(inside.fill).not.toContain('rgb(255, 0, 0)');
    // Both exports hold the same picture: the SVG file is well-formed XML with the code as text, and
    // the PNG is drawn from the page's SVG (which must serialise to an image the browser can decode).
    const [svgFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export SVG' }).click(),
    ]);
    const exported = readFileSync((await svgFile.path())!, 'utf8');
    expect(XMLValidator.validate(exported)).toBe(true);
    expect(exported).toContain(xmlEscape(STATUS_CODE));
    // The markup alone (character data removed): only the renderer's own elements and attributes.
    expect(exported.replace(/>[^<]*</g, '><')).not.toMatch(/<style|<a[\s>]|href=|<foreignObject|<script|\son\w+=/);
    const [pngFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PNG' }).click(),
    ]);
    expect(pngFile.suggestedFilename()).toBe(`sequence-${TRANSACTION_ID}.png`);
    expect(
      readFileSync((await pngFile.path())!)
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(session.pageErrors).toEqual([]);
  });
});
