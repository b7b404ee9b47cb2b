import type { GatewayCallResult } from '@shared/contract/orders';
import {
  createOrderResponseSchema,
  readActionResponse,
  type CreateOrderResponse,
} from '@shared/gateway/response-schemas';
import { t } from '../../i18n';
import { returnCodeMeaning } from '../../i18n/return-code-meaning';
import { exchangeActionText, exchangeSummaryText } from '../../i18n/exchange-text';

export interface CreateOrderView {
  /** The gateway's own words plus what the code means; `000` never reads as "paid". */
  returnStatus: { code: string; message: string; meaning: string } | null;
  transactionId: string | null;
  expiry: string | null;
  paymentMethods: string[];
  formContext: string | null;
  regulations: NonNullable<CreateOrderResponse['regulationList']>;
  action: { url?: string; params: { name: string; value: string }[]; type?: string } | null;
  /** The actionResponse as received, for the follow-ups that perform it. */
  rawAction: unknown;
  amount: number | null;
  /** Set when the call did not succeed: what happened and what to do (the spec's suggested action). */
  problem: { summary: string; action: string | null } | null;
}

/** Reads a create-order answer leniently (real gateways add and mix fields) into what the result panel shows. */
export function viewCreateOrder(call: GatewayCallResult): CreateOrderView {
  const { exchange } = call;
  const parsed = createOrderResponseSchema.safeParse(call.response);
  const body = parsed.success ? parsed.data : null;
  const status = exchange.returnStatus;
  const code = status?.statusCode ?? null;
  const action = body?.actionResponse ? readActionResponse(body.actionResponse) : null;
  return {
    returnStatus: status
      ? {
          code: status.statusCode,
          // Gateways often repeat statusMsg as statusDescription: say it once.
          message: [...new Set([status.statusMsg, status.statusDescription].filter(Boolean))].join(' — '),
          meaning:
            code === '000' ? t('result.processed') : (returnCodeMeaning(status.statusCode) ?? t('result.unknownCode')),
        }
      : null,
    transactionId: body?.transactionID ?? exchange.transactionID,
    expiry: body?.expiry ?? null,
    paymentMethods: body?.paymentMethodList ?? [],
    formContext: body?.formContext ?? null,
    regulations: body?.regulationList ?? [],
    action: action ? { ...action, ...(body?.actionResponse?.type ? { type: body.actionResponse.type } : {}) } : null,
    rawAction: body?.actionResponse,
    amount: finiteOrNull(body?.amount?.value),
    problem:
      exchange.classification === 'ok'
        ? null
        : {
            summary: exchangeSummaryText(exchange),
            action: exchangeActionText(exchange),
          },
  };
}

const finiteOrNull = (value: unknown): number | null => {
  const number = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
};

/** Only http(s) links become anchors; anything else (javascript:, data:) is shown as text. */
export const isWebLink = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);
