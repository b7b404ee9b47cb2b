/** Response bodies, with every field the spec (and docs/gateway-behaviour.md, where it adds) lists for them. */
import { LIMITS, REGULATION_TYPES, type Order } from '@shared/gateway';
import { SUCCESS, type ReturnStatus } from './errors';
import type { Transaction } from './transactions';

export interface Execution {
  startTime: string;
  endTime: string;
}

const twoDecimals = (value: number): string => value.toFixed(2);

/** Variant B: one regulation of every type in the spec, in the shopper's language when known. */
export function regulationList(language: string, websiteAddress: string) {
  return REGULATION_TYPES.map((type, index) => ({
    identification: `REG-${String(index + 1).padStart(3, '0')}`,
    type,
    language,
    label: `${type.replace(/_/g, ' ').toLowerCase()} (simulator)`,
    regulationURL: `${websiteAddress}/regulations/${type.toLowerCase()}`,
    logoURL: `${websiteAddress}/logos/${type.toLowerCase()}.svg`,
  }));
}

/** The create answer, built from the order just received (a transaction keeps only part of it). */
export function createResponse(
  transaction: Transaction,
  order: Order,
  execution: Execution,
  extras: { signature: string; websiteAddress: string; expiry: string; actionUrl?: string; formContext?: string },
) {
  const { merchant } = order;
  const customerInfo = 'customer' in order ? order.customer?.customerInfo : undefined;
  return {
    returnStatus: SUCCESS,
    transactionID: transaction.id,
    transactionSignature: extras.signature,
    amount: { ...transaction.amount },
    merchant: {
      terminalId: transaction.terminal.terminalId,
      channel: merchant.channel,
      // The request allows 1000 characters, the response at most 36 (spec: Limits).
      merchantTransactionId: merchant.merchantTransactionId.slice(0, LIMITS.merchantTransactionIdResponse),
      ...(merchant.transactionDescription ? { transactionDescription: merchant.transactionDescription } : {}),
      websiteAddress: extras.websiteAddress,
      ...(merchant.shopURL ? { shopURL: merchant.shopURL } : {}),
    },
    ...(transaction.action && extras.actionUrl
      ? {
          actionResponse: {
            type: 'REDIRECT',
            data: {
              url: extras.actionUrl,
              params: [
                { name: 'transactionID', value: transaction.id },
                { name: 'actionToken', value: transaction.action.token },
              ],
            },
          },
        }
      : {}),
    paymentMethodList: [...transaction.paymentMethods],
    tokenList: [],
    expiry: extras.expiry,
    execution,
    ...(transaction.variant === 'B'
      ? { regulationList: regulationList(customerInfo?.customerLanguage ?? 'en', extras.websiteAddress) }
      : {}),
    ...(extras.formContext ? { formContext: extras.formContext } : {}),
  };
}

/** Status query answer; amounts as two-decimal strings (spec: Status response). */
export function statusResponse(
  transaction: Transaction,
  execution: Execution,
  returnStatus: ReturnStatus = SUCCESS,
  actionUrl?: string,
) {
  return {
    returnStatus,
    merchant: {
      terminalId: transaction.terminal.terminalId,
      merchantTransactionId: transaction.merchantTransactionId.slice(0, LIMITS.merchantTransactionIdResponse),
    },
    transactionID: transaction.id,
    amount: { currency: transaction.amount.currency, value: twoDecimals(transaction.amount.value) },
    paymentType: transaction.reference?.status === 'PAID' ? 'PREF' : transaction.paymentType,
    paymentStatus: transaction.status,
    paymentMethod: transaction.paymentMethod,
    transactionDateTime: transaction.history.at(-1)?.at,
    // Partial means the 3-D Secure step is still to do: it comes with the actionResponse to do it with.
    ...(transaction.status === 'Partial' && transaction.action && actionUrl
      ? {
          actionResponse: {
            type: 'THREEDS_CHALLENGE',
            data: {
              url: actionUrl,
              params: [
                { name: 'transactionID', value: transaction.id },
                { name: 'actionToken', value: transaction.action.token },
              ],
            },
          },
        }
      : {}),
    execution,
  };
}

export function referenceResponse(transaction: Transaction, execution: Execution, expireDate: string) {
  const reference = transaction.reference;
  return {
    ...statusResponse(transaction, execution),
    paymentMethod: 'REFERENCE',
    ...(reference
      ? {
          paymentReference: {
            reference: reference.reference,
            entity: reference.entity,
            paymentEntity: reference.entity,
            amount: { value: twoDecimals(transaction.amount.value), currency: transaction.amount.currency },
            status: reference.status,
            expireDate,
          },
        }
      : {}),
  };
}

export function mbwayResponse(transaction: Transaction, execution: Execution, returnStatus: ReturnStatus = SUCCESS) {
  return { returnStatus, transactionID: transaction.id, paymentStatus: transaction.status, execution };
}
