import { mainText } from '@shared/console-text';
import { ConsoleFailure } from '@shared/result';
import { afterResets, MAX_SHOP_TRAFFIC_PAGE, type ShopRecord, type ShopResetRecord } from '@shared/contract/shop';
import { SHOP_WORLD_ID, worldOfProfileId } from '@shared/sandbox-worlds';
import { certify, renderCertification } from '@shared/shop/certification';
import { findShopProblems } from '@shared/shop/findings';
import type { ShopTrafficEntry } from '@shared/shop/traffic';
import { sameSource, type TrafficSource } from '@shared/shop/traffic-source';
import type { TestSessions } from '../../qa/test-sessions';
import type { RecordJournal } from '../../record/record-journal';
import type { ShopWorld } from '../worlds/shop-world';
import type { Handlers } from '../dispatcher';

type ShopHandlers = Pick<
  Handlers,
  | 'shop.connection'
  | 'shop.setWebhook'
  | 'shop.traffic'
  | 'shop.certification'
  | 'shop.trafficCertification'
  | 'shop.shopperOutcome'
  | 'shop.armCallFault'
  | 'shop.armNotificationChaos'
  | 'shop.clearFaults'
  | 'shop.setWorldShopper'
  | 'shop.worldShopper'
>;

const MEDIA_TYPES = { html: 'text/html', json: 'application/json', junit: 'application/xml' } as const;
const EXTENSIONS = { html: 'html', json: 'json', junit: 'junit.xml' } as const;

const SHOP_WORLD_SOURCE: TrafficSource = { via: 'world', worldId: SHOP_WORLD_ID };

/** Journal entries read per step while looking for the shop's (the rest of the record is skipped). */
const SCAN_PAGE = 1000;

/** The shop's records in main's record with a seq above `after` (at most `limit`), and the resets crossed. */
function shopTrafficPage(
  journal: RecordJournal,
  after: number,
  limit: number,
): { entries: ShopRecord[]; resets: ShopResetRecord[]; next: number; done: boolean } {
  let entries: ShopRecord[] = [];
  const resets: ShopResetRecord[] = [];
  let next = after;
  for (;;) {
    const page = journal.since(next, SCAN_PAGE);
    for (const entry of page.entries) {
      next = entry.seq;
      if (entry.kind === 'shopReset') {
        // What this page already holds of that world goes; the caller drops what earlier pages gave.
        const reset = { seq: entry.seq, worldId: entry.shopReset.worldId };
        resets.push(reset);
        entries = afterResets(entries, [reset]);
        continue;
      }
      if (entry.kind !== 'shop') continue;
      entries.push({ seq: entry.seq, shop: entry.shop });
      if (entries.length >= limit) return { entries, resets, next, done: false };
    }
    // Past lines that could not be read too: the page says where it stopped.
    next = Math.max(next, page.next);
    if (page.done) return { entries, resets, next, done: true };
  }
}

/**
 * `shop.*`: the shop under test's world and its traffic. The traffic is read from main's record — the one
 * truth History and Inspector are indexed from — never from the world directly, so what the Traffic view
 * shows is what was kept (masked), including calls made while no window was open.
 */
export function createShopHandlers(deps: {
  journal: RecordJournal;
  getShop: () => ShopWorld | null;
  sessions: TestSessions;
  /** The client-id header the shop world expects (the findings check it by this name). */
  clientIdHeader: () => string | undefined;
}): ShopHandlers {
  const { journal, getShop } = deps;
  const shop = (): ShopWorld => {
    const world = getShop();
    if (!world) throw new ConsoleFailure('simulator-not-running', mainText('shopNeedsSimulator'));
    return world;
  };
  return {
    'shop.connection': () => shop().connection(),
    'shop.setWebhook': ({ url }) => shop().setWebhook(url),
    // Driving the shop acts on the shop's world only, through main: the page never reaches the simulator.
    'shop.shopperOutcome': ({ transactionId, outcome }) => shop().shopperOutcome(transactionId, outcome),
    'shop.armCallFault': ({ fault }) => shop().armCallFault(fault),
    'shop.armNotificationChaos': (input) => shop().armNotificationChaos(input),
    'shop.clearFaults': () => shop().clearFaults(),
    'shop.setWorldShopper': (input) => shop().setWorldShopper(input),
    'shop.worldShopper': () => shop().worldShopper(),
    'shop.traffic': ({ after, limit }) => shopTrafficPage(journal, after, limit),
    'shop.trafficCertification': ({ source, format }) => {
      const entries: ShopTrafficEntry[] = [];
      let records: ShopRecord[] = [];
      const resets: ShopResetRecord[] = [];
      for (let after = 0; ;) {
        const page = shopTrafficPage(journal, after, MAX_SHOP_TRAFFIC_PAGE);
        records.push(...page.entries.filter((record) => sameSource(record.shop, source)));
        resets.push(...page.resets);
        if (page.done || page.next <= after) break;
        after = page.next;
      }
      records = afterResets(records, resets);
      // Numbered by the record's seq, as the Traffic view shows them.
      for (const record of records) entries.push({ ...record.shop, seq: record.seq });
      const header = deps.clientIdHeader();
      const report = certify(entries, findShopProblems(entries, header ? { clientIdHeader: header } : {}));
      // The source's id is main's (a world's, a proxy session's), still only its plain characters name a file.
      const id = source.worldId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || 'unnamed';
      return {
        fileName: `shop-certification-${source.via}-${id}.${EXTENSIONS[format]}`,
        mediaType: MEDIA_TYPES[format],
        text: renderCertification(format, report, entries),
        passed: report.passed,
      };
    },
    'shop.certification': async ({ sessionId, format }) => {
      const { session, entries: evidence } = await deps.sessions.shopEvidence(sessionId);
      if (worldOfProfileId(session.profileId) !== SHOP_WORLD_ID)
        throw new ConsoleFailure('conflict', mainText('shopSessionNotOwner', { name: session.name }));
      // The session certifies the shop world: its report names that source and holds nothing else.
      const entries = evidence.filter((entry) => sameSource(entry, SHOP_WORLD_SOURCE));
      const header = deps.clientIdHeader();
      const report = certify(entries, findShopProblems(entries, header ? { clientIdHeader: header } : {}));
      return {
        // From the session's UUID: nothing the shop sent ever names a file.
        fileName: `shop-certification-${sessionId.slice(0, 8)}.${EXTENSIONS[format]}`,
        mediaType: MEDIA_TYPES[format],
        text: renderCertification(format, report, entries),
        passed: report.passed,
      };
    },
  };
}
