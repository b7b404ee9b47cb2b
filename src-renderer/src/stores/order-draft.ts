import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef, watch } from 'vue';
import type { ProductionConfirmation, GatewayCallResult } from '@shared/contract/orders';
import type { Environment } from '@shared/contract/profiles';
import type { Variant } from '@shared/gateway/codes';
import { validateOrder, type ValidationIssue } from '@shared/gateway/order-schema';
import { orderWarnings, type OrderWarning } from '@shared/gateway/order-warnings';
import type { Result } from '@shared/result';
import type { Exchange } from '@shared/exchange';
import { useConsoleApi } from '../api';
import { loadExchange } from '../db/exchange-query';
import { useHistoryDb } from '../db/history-db';
import { getPath, setPath, type Json } from '../services/draft-paths';
import { readLastOrder, writeLastOrder } from '../services/last-order';
import { continueTarget, profileProblem, type NotContinuable } from '../services/continue-order';
import type { TransactionRecord } from '../db/records';
import { defaultDraft } from '../services/order-defaults';
import { useHistoryRecorderStore } from './history-recorder';
import { useProfilesStore } from './profiles';
import { t } from '../i18n';

export interface SendOutcome {
  profileId: string;
  profileName: string;
  environment: Environment;
  variant: Variant;
  result: Result<GatewayCallResult>;
}

/** The create call as recorded: the answer's body is parsed back from the exchange. */
function callFromExchange(exchange: Exchange): Result<GatewayCallResult> {
  const parse = (text: string | undefined): unknown => {
    try {
      return text ? (JSON.parse(text) as unknown) : null;
    } catch {
      return null;
    }
  };
  return { ok: true, value: { exchange, response: parse(exchange.response?.bodyText) } };
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The order being built, one draft per variant (switching profiles keeps both), validated live with the
 * same `validateOrder` main and the simulator use. The form and the JSON tab edit this one object.
 */
export const useOrderDraftStore = defineStore('order-draft', () => {
  const profiles = useProfilesStore();
  const drafts = reactive<Record<Variant, Json | null>>({ A: null, B: null });
  const variant = computed<Variant>(() => profiles.active?.variant ?? 'A');
  const draft = computed<Json | null>(() => drafts[variant.value]);

  /** Fills the draft with a valid order for the active profile (first run, "New order"). */
  function startNew(): void {
    const profile = profiles.active;
    drafts[variant.value] = defaultDraft(variant.value, profile?.terminalId ?? '0');
  }

  function replace(body: Json, forVariant: Variant = variant.value): void {
    drafts[forVariant] = body;
  }

  const get = (path: string): unknown => getPath(draft.value, path);
  function set(path: string, value: unknown): void {
    const current = drafts[variant.value];
    if (current) setPath(current, path, value);
  }

  // The terminal belongs to the profile: keep it in step when the active profile changes.
  watch(
    () => profiles.active?.terminalId,
    (terminalId) => {
      if (terminalId !== undefined && draft.value) set('merchant.terminalId', Number(terminalId));
    },
  );

  const validation = computed(() => (draft.value ? validateOrder(variant.value, draft.value) : null));
  const issues = computed<ValidationIssue[]>(() => validation.value?.issues ?? []);
  const valid = computed(() => validation.value?.ok === true);
  const issuesByPath = computed(() => {
    const map = new Map<string, string[]>();
    for (const issue of issues.value) map.set(issue.path, [...(map.get(issue.path) ?? []), issue.message]);
    return map;
  });
  const errorFor = (path: string): string | undefined => issuesByPath.value.get(path)?.join('; ');
  /** Not errors, but the order is sent only once the user confirms them (same check as the SDK's). */
  const warnings = computed<OrderWarning[]>(() => (draft.value ? orderWarnings(draft.value) : []));

  // JSON tab: the same draft as text. Text the user is typing is kept as typed; form edits rewrite it.
  const jsonText = ref('');
  const jsonError = ref<string | null>(null);
  let appliedFromJson: string | null = null;
  watch(
    draft,
    (value) => {
      const text = value ? JSON.stringify(value, null, 2) : '';
      if (appliedFromJson !== null && JSON.stringify(value) === appliedFromJson) return;
      appliedFromJson = null;
      jsonText.value = text;
      jsonError.value = null;
    },
    { deep: true, immediate: true },
  );
  function setJsonText(text: string): void {
    jsonText.value = text;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      jsonError.value = t('order.jsonInvalid', { error: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (!isObject(parsed)) {
      jsonError.value = t('order.jsonNotObject');
      return;
    }
    jsonError.value = null;
    appliedFromJson = JSON.stringify(parsed);
    drafts[variant.value] = parsed;
  }

  const sending = ref(false);
  /**
   * The Orders screen's result for the active profile: its last created order, read back from history
   * (so navigation, reload and restart show the same card), or a send main refused (nothing recorded).
   */
  const outcome = shallowRef<SendOutcome | null>(null);

  function outcomeFor(profileId: string, result: Result<GatewayCallResult>): SendOutcome | null {
    const profile = profiles.profiles.find((p) => p.id === profileId);
    return profile
      ? { profileId, profileName: profile.name, environment: profile.environment, variant: profile.variant, result }
      : null;
  }

  // Reads are numbered: switching profiles quickly must not show the previous profile's order.
  let reads = 0;
  /** Shows the active profile's last created order from history (nothing when it has none or it was cleared). */
  async function loadLastOrder(): Promise<void> {
    const profile = profiles.active;
    const mine = ++reads;
    const last = profile ? readLastOrder(profile.id) : null;
    const exchange = last ? await loadExchange(useHistoryDb(), last.exchangeId).catch(() => undefined) : undefined;
    if (mine !== reads) return;
    outcome.value = profile && exchange ? outcomeFor(profile.id, callFromExchange(exchange)) : null;
  }
  watch(
    () => profiles.active?.id,
    () => void loadLastOrder(),
    { immediate: true },
  );

  /**
   * Puts a History transaction on the Orders screen, under its own profile (made active), to continue
   * its follow-ups. Says why when it cannot be (no transactionID, nothing recorded, profile gone or lookup-only).
   */
  async function continueFromHistory(row: TransactionRecord): Promise<NotContinuable | null> {
    const problem = profileProblem(profiles.profiles.find((p) => p.id === row.profileId) ?? null);
    if (problem) return problem;
    const target = await continueTarget(useHistoryDb(), row);
    if (!target.ok) return target.reason;
    writeLastOrder(row.profileId, target.order);
    if (profiles.active?.id === row.profileId) await loadLastOrder();
    // Switching the profile loads its last order, now this one.
    else profiles.activeId = row.profileId;
    return null;
  }

  /** Sends the draft once (money-moving calls are never retried). Refuses while the draft is invalid. */
  async function send(confirmation?: ProductionConfirmation, acceptWarnings = false): Promise<SendOutcome | null> {
    const profile = profiles.active;
    if (!profile || !draft.value || !valid.value || sending.value) return null;
    sending.value = true;
    try {
      const body = JSON.parse(JSON.stringify(draft.value)) as Json;
      const result = await useConsoleApi()['orders.create']({
        profileId: profile.id,
        order: body,
        ...(confirmation ? { confirmation } : {}),
        ...(acceptWarnings ? { acceptWarnings } : {}),
      });
      if (result.ok) {
        // Recorded before it is pointed at, so a reload right now already finds it in history.
        await useHistoryRecorderStore().record(result.value.exchange);
        writeLastOrder(profile.id, {
          exchangeId: result.value.exchange.id,
          transactionId: result.value.exchange.transactionID,
        });
      }
      reads++;
      outcome.value = {
        profileId: profile.id,
        profileName: profile.name,
        environment: profile.environment,
        variant: profile.variant,
        result,
      };
      return outcome.value;
    } finally {
      sending.value = false;
    }
  }

  const amount = computed(() => {
    const value = get('transaction.amount.value');
    return typeof value === 'number' ? value : null;
  });

  return {
    drafts,
    variant,
    draft,
    startNew,
    replace,
    get,
    set,
    validation,
    issues,
    valid,
    errorFor,
    warnings,
    jsonText,
    jsonError,
    setJsonText,
    sending,
    outcome,
    loadLastOrder,
    continueFromHistory,
    send,
    amount,
  };
});
