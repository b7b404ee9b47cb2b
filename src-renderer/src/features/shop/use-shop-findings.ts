/**
 * What the shop did wrong, per entry and per transaction, worded for this view. Judged by the shared
 * findings engine (the same list the reports and the `certify` CLI use) over the traffic main recorded.
 */
import { computed, type Ref } from 'vue';
import type { ShopRecord } from '@shared/contract/shop';

export interface ShownFinding {
  id: string;
  section: string;
  text: string;
  fix: string | null;
  transactionID: string | null;
  /** Record seqs of the entries that are its evidence. */
  seqs: number[];
}

export function useShopFindings(records: Ref<ShopRecord[]>) {
  // No findings engine on this branch yet: nothing is judged, and the view says so (empty state).
  const findings = computed<ShownFinding[]>(() => (records.value.length < 0 ? [] : []));
  const flaggedSeqs = computed(() => new Set(findings.value.flatMap((finding) => finding.seqs)));
  const findingsFor = (record: ShopRecord): ShownFinding[] =>
    findings.value.filter(
      (finding) =>
        finding.seqs.includes(record.seq) ||
        (finding.transactionID !== null && finding.transactionID === record.shop.transactionID),
    );
  return { findings, flaggedSeqs, findingsFor };
}
