/**
 * What one follow-up call (reference, MB WAY, status, action) produced, reduced to what the panel shows:
 * the payment status with its meaning, and on failure the classification and the suggested action.
 */
import type { GatewayCallResult } from '@shared/contract/orders';
import type { Exchange } from '@shared/exchange';
import {
  actionResponseSchema,
  readActionResponse,
  referenceGenerateResponseSchema,
  statusResponseSchema,
} from '@shared/gateway/response-schemas';
import type { ConsoleError, Result } from '@shared/result';
import { t } from '../../i18n';
import { paymentRefusalText } from '../../i18n/payment-refusals';
import { exchangeActionText, exchangeSummaryText } from '../../i18n/exchange-text';

export type FollowUpKind = 'reference' | 'mbway' | 'status' | 'action';

/** A follow-up's title in the user's language. */
export const followUpTitle = (kind: FollowUpKind): string => t(`followups.kind.${kind}`);

export interface MultibancoReference {
  entity: string;
  reference: string;
  /** Amount as the shopper types it at the ATM (two decimals). */
  amount: string | null;
  currency: string | null;
  expireDate: string | null;
  status: string | null;
}

export interface PendingAction {
  url: string;
  params: { name: string; value: string }[];
}

export interface FollowUpResult {
  /** The exchange id for a recorded call; a session counter for a call main refused before sending. */
  id: string;
  kind: FollowUpKind;
  at: string;
  exchange: Exchange | null;
  /** The call went through and the gateway processed it (HTTP 200, statusCode 000). */
  succeeded: boolean;
  paymentStatus: string | null;
  statusCode: string | null;
  /** One line: what happened. */
  summary: string;
  /** Failures only: how the console classified it, and what the spec says to do. */
  failure: { classification: string; suggestedAction: string | null } | null;
  reference: MultibancoReference | null;
  /** An actionResponse carried by this answer (a status may report one with Partial). */
  action: PendingAction | null;
  /** How many identical answers in a row this entry stands for (polling). */
  repeats: number;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : null;

const twoDecimals = (value: unknown): string | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n.toFixed(2) : null;
};

export function readReference(response: unknown): MultibancoReference | null {
  const parsed = referenceGenerateResponseSchema.safeParse(response);
  const ref = parsed.success ? parsed.data.paymentReference : undefined;
  const entity = text(ref?.entity ?? ref?.paymentEntity);
  const reference = text(ref?.reference);
  if (!ref || !entity || !reference) return null;
  const amount = ref.amount ?? (parsed.success ? parsed.data.amount : undefined);
  return {
    entity,
    reference,
    amount: twoDecimals(amount?.value),
    currency: amount?.currency ?? null,
    expireDate: ref.expireDate ?? null,
    status: ref.status ?? null,
  };
}

/** Reads an actionResponse in either documented shape; null when it has no url to call. */
export function readPendingAction(actionResponse: unknown): PendingAction | null {
  const parsed = actionResponseSchema.safeParse(actionResponse);
  if (!parsed.success) return null;
  const { url, params } = readActionResponse(parsed.data);
  return url ? { url, params } : null;
}

/** Groups a Multibanco reference in threes, as printed on receipts (`123 456 789`). */
export const groupReference = (reference: string): string => reference.replace(/(\d{3})(?=\d)/g, '$1 ');

let nextId = 1;

const OPERATION_KINDS: Partial<Record<Exchange['operation'], FollowUpKind>> = {
  generateReference: 'reference',
  mbwayPurchase: 'mbway',
  getStatus: 'status',
  performAction: 'action',
};

/** Which follow-up an exchange was (null for the create and anything else). */
export const exchangeFollowUpKind = (operation: Exchange['operation']): FollowUpKind | null =>
  OPERATION_KINDS[operation] ?? null;

export function toFollowUpResult(kind: FollowUpKind, result: Result<GatewayCallResult>): FollowUpResult {
  if (!result.ok) return fromConsoleError(`not-sent-${nextId++}`, kind, new Date().toISOString(), result.error);
  return fromExchange(kind, result.value.exchange, result.value.response);
}

const parseBody = (text: string | undefined): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

/** One recorded exchange as a follow-up result (the response is parsed from the recorded body unless given). */
export function fromExchange(
  kind: FollowUpKind,
  exchange: Exchange,
  response: unknown = parseBody(exchange.response?.bodyText),
): FollowUpResult {
  const succeeded = exchange.classification === 'ok';
  const status = statusResponseSchema.safeParse(response);
  return {
    id: exchange.id,
    kind,
    at: exchange.timings.startedAt,
    exchange,
    succeeded,
    paymentStatus: exchange.paymentStatus,
    statusCode: exchange.returnStatus?.statusCode ?? null,
    summary: exchangeSummaryText(exchange),
    failure: succeeded
      ? null
      : { classification: exchange.classification, suggestedAction: exchangeActionText(exchange) },
    reference: kind === 'reference' && succeeded ? readReference(response) : null,
    action: status.success && status.data.actionResponse ? readPendingAction(status.data.actionResponse) : null,
    repeats: 1,
  };
}

/** The call never reached the gateway: main refused it (invalid phone, unknown transaction, confirmation…). */
function fromConsoleError(id: string, kind: FollowUpKind, at: string, error: ConsoleError): FollowUpResult {
  return {
    id,
    kind,
    at,
    exchange: null,
    succeeded: false,
    paymentStatus: null,
    statusCode: null,
    summary: paymentRefusalText(error),
    failure: { classification: `not sent (${error.code})`, suggestedAction: null },
    reference: null,
    action: null,
    repeats: 1,
  };
}

/** What follow-ups need to know about an order, read back from its create exchange. */
export interface OrderFacts {
  expiry: string | null;
  methods: string[];
  amount: number | null;
  actionResponse: unknown;
}

/**
 * Reads expiry, paymentMethodList and actionResponse from a create exchange's response, and the amount
 * from its request. Used when the panel is mounted with only the transaction and profile ids.
 */
export function orderFactsFromExchange(exchange: Exchange): OrderFacts | null {
  if (exchange.operation !== 'createOrder' || !exchange.response) return null;
  const parse = (text: string | null): Record<string, unknown> | null => {
    try {
      const value: unknown = text ? JSON.parse(text) : null;
      return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  const response = parse(exchange.response.bodyText);
  const request = parse(exchange.request.body);
  if (!response) return null;
  const amount = (request?.transaction as { amount?: { value?: unknown } } | undefined)?.amount?.value;
  const methods = response.paymentMethodList;
  return {
    expiry: typeof response.expiry === 'string' ? response.expiry : null,
    methods: Array.isArray(methods) ? methods.filter((m): m is string => typeof m === 'string') : [],
    amount: typeof amount === 'number' ? amount : null,
    actionResponse: response.actionResponse,
  };
}
