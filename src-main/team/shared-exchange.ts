/**
 * What of an exchange leaves the machine for the team workspace. Main masks it here, before it is queued:
 * customer data with the profile's rules (production and lookup-only profiles, and any profile main no
 * longer knows), and — whatever the profile — credentials, signatures, registered secrets and card data
 * once more, so a record made before a masking rule existed cannot carry one out.
 */
import type { Exchange } from '@shared/exchange';
import { asString, exchangeFactsOf, path } from '@shared/history/exchange-facts';
import { redactBody, redactHeaders } from '@shared/redact-export';
import { redactText } from '../common/redact-text';

export interface SharingRules {
  /** Whether the exchange's profile masks customer data (main's rule, by profile id). */
  masksCustomerData: (profileId: string | null) => boolean;
  /** Main's customer-data mask of an exchange (support/customer-masking, handed in by core). */
  maskCustomerData: (exchange: Exchange) => Exchange;
}

/** The searchable facts of the transaction an exchange concerns, read from the already masked exchange. */
export interface SharedTransactionFacts {
  transactionId: string;
  profileId: string | null;
  merchantTransactionId: string | null;
  reference: string | null;
  terminalId: string | null;
  status: string | null;
  paymentMethod: string | null;
  amount: string | null;
  currency: string | null;
  email: string | null;
}

export interface SharedExchange {
  exchange: Exchange;
  facts: SharedTransactionFacts | null;
}

export function shareableExchange(exchange: Exchange, rules: SharingRules): SharedExchange {
  const masks = rules.masksCustomerData(exchange.profileId);
  const masked = masks ? rules.maskCustomerData(exchange) : exchange;
  // Customer data (e-mail addresses in free text included) is masked by `maskCustomerData` above.
  const scrub = (text: string): string => redactText(redactBody(text));
  const shared: Exchange = {
    ...masked,
    url: redactText(masked.url),
    request: {
      headers: redactHeaders(masked.request.headers),
      body: masked.request.body === null ? null : scrub(masked.request.body),
    },
    response: masked.response && {
      ...masked.response,
      headers: redactHeaders(masked.response.headers),
      bodyText: scrub(masked.response.bodyText),
    },
    summary: scrub(masked.summary),
    returnStatus: masked.returnStatus && {
      ...masked.returnStatus,
      ...(masked.returnStatus.statusMsg !== undefined ? { statusMsg: scrub(masked.returnStatus.statusMsg) } : {}),
      ...(masked.returnStatus.statusDescription !== undefined
        ? { statusDescription: scrub(masked.returnStatus.statusDescription) }
        : {}),
    },
  };
  return { exchange: shared, facts: factsOf(shared) };
}

/** Null when the exchange concerns no transaction (a create refused before one existed). */
function factsOf(exchange: Exchange): SharedTransactionFacts | null {
  const read = exchangeFactsOf(exchange);
  if (!read.transactionId) return null;
  const amount = read.responseAmount ?? read.requestAmount;
  return {
    transactionId: read.transactionId,
    profileId: exchange.profileId,
    merchantTransactionId: read.merchantTransactionId,
    reference: read.reference,
    terminalId: read.terminalId,
    status: exchange.paymentStatus,
    paymentMethod: read.paymentMethod,
    amount: asString(path(amount, 'value')),
    currency: asString(path(amount, 'currency')),
    email: read.customer.email ?? null,
  };
}
