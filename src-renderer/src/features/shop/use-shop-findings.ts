/**
 * What the shop did wrong, per entry and per transaction, worded in the user's language. Judged by the
 * shared findings engine (the same list the certification report and the `certify` CLI use) over the
 * traffic main recorded, numbered by the record's seq: unique and in order even when the world's own
 * numbering started again after a restart.
 */
import { computed, type Ref } from 'vue';
import { useI18n } from 'vue-i18n';
import type { ShopRecord } from '@shared/contract/shop';
import { certifyBySource, type SourceCertification } from '@shared/shop/certification';
import type { FindShopProblemsOptions, ShopFinding } from '@shared/shop/findings';
import type { ShopText } from '@shared/shop/shop-text';
import type { TrafficSource } from '@shared/shop/traffic-source';

export interface ShownFinding {
  id: string;
  severity: 'error' | 'warning';
  section: string;
  text: string;
  fix: string;
  transactionID: string | null;
  /** Record seqs of the entries that are its evidence. */
  seqs: number[];
  /** The world or proxy session whose traffic it was found in. */
  source: TrafficSource;
}

/**
 * Judged per source — the shop's world, each recording-proxy session — as each is a shop talking to its
 * own gateway: an order id used on the world and again through the proxy is no reuse, a status query on
 * one is not polling the other, and a Declined seen through the proxy passes no item of the world's
 * checklist. Numbered by the record's seq.
 */
export function judgeBySource(records: readonly ShopRecord[], options: FindShopProblemsOptions): SourceCertification[] {
  return certifyBySource(
    records.map((record) => ({ ...record.shop, seq: record.seq })),
    options,
  );
}

export function findingsPerSource(records: readonly ShopRecord[], options: FindShopProblemsOptions): ShopFinding[] {
  return judgeBySource(records, options).flatMap((source) => source.findings);
}

export function useShopFindings(records: Ref<ShopRecord[]>, clientIdHeader: Ref<string | undefined>) {
  const { t } = useI18n();
  const word = (text: ShopText): string => t(`shopText.${text.id}`, text.params);
  /** Each source's findings and go-live checklist, judged once per change of the traffic. */
  const sources = computed(() =>
    judgeBySource(records.value, clientIdHeader.value ? { clientIdHeader: clientIdHeader.value } : {}),
  );
  const findings = computed<ShownFinding[]>(() =>
    sources.value.flatMap(({ source, findings: found }) =>
      found.map((finding) => ({
        id: finding.id,
        severity: finding.severity,
        section: finding.section,
        text: word(finding.text),
        fix: word(finding.fix),
        transactionID: finding.transactionID,
        seqs: finding.seqs,
        source,
      })),
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
  return { sources, findings, flaggedSeqs, findingsFor };
}
