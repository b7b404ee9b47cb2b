/**
 * What the shop did wrong, per entry and per transaction, worded in the user's language. Judged by the
 * shared findings engine (the same list the certification report and the `certify` CLI use) over the
 * traffic main recorded, numbered by the record's seq: unique and in order even when the world's own
 * numbering started again after a restart.
 */
import { computed, type Ref } from 'vue';
import { useI18n } from 'vue-i18n';
import type { ShopRecord } from '@shared/contract/shop';
import { findShopProblems, type FindShopProblemsOptions, type ShopFinding } from '@shared/shop/findings';
import type { ShopTrafficEntry } from '@shared/shop/traffic';
import type { ShopText } from '@shared/shop/shop-text';

export interface ShownFinding {
  id: string;
  severity: 'error' | 'warning';
  section: string;
  text: string;
  fix: string;
  transactionID: string | null;
  /** Record seqs of the entries that are its evidence. */
  seqs: number[];
}

/**
 * Judged per source — the shop's world, each recording-proxy session — as each is a shop talking to its
 * own gateway: an order id used on the world and again through the proxy is no reuse, a status query on
 * one is not polling the other.
 */
export function findingsPerSource(records: readonly ShopRecord[], options: FindShopProblemsOptions): ShopFinding[] {
  const sources = new Map<string, ShopTrafficEntry[]>();
  for (const record of records) {
    const entries = sources.get(record.shop.worldId) ?? [];
    entries.push({ ...record.shop, seq: record.seq });
    sources.set(record.shop.worldId, entries);
  }
  return [...sources.values()].flatMap((entries) => findShopProblems(entries, options));
}

export function useShopFindings(records: Ref<ShopRecord[]>, clientIdHeader: Ref<string | undefined>) {
  const { t } = useI18n();
  const word = (text: ShopText): string => t(`shopText.${text.id}`, text.params);
  const findings = computed<ShownFinding[]>(() =>
    findingsPerSource(records.value, clientIdHeader.value ? { clientIdHeader: clientIdHeader.value } : {}).map(
      (finding) => ({
        id: finding.id,
        severity: finding.severity,
        section: finding.section,
        text: word(finding.text),
        fix: word(finding.fix),
        transactionID: finding.transactionID,
        seqs: finding.seqs,
      }),
    ),
  );
  const flaggedSeqs = computed(() => new Set(findings.value.flatMap((finding) => finding.seqs)));
  /** The findings an entry is evidence of, and those of its transaction. */
  const findingsFor = (record: ShopRecord): ShownFinding[] =>
    findings.value.filter(
      (finding) =>
        finding.seqs.includes(record.seq) ||
        (finding.transactionID !== null && finding.transactionID === record.shop.transactionID),
    );
  return { findings, flaggedSeqs, findingsFor };
}
