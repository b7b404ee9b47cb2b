/**
 * Customer data is masked at the source (architecture rule 14): on a profile that masks it (production or
 * lookup-only) main masks the customer's name, e-mail, phone, addresses and IP in everything it hands
 * out — call answers, exchanges, notification records, reports, CLI output — so the renderer, IndexedDB
 * and exports never hold them in clear. Clear values stay in main's own record, reachable only through
 * an audited reveal (support.reveal).
 */
import type { DeliveryRecord } from '@shared/contract/notifications';
import type { Exchange } from '@shared/exchange';
import { masksCustomerData, maskCustomerDataInText, maskCustomerDataInValue } from '@shared/support/customer-data';

export interface MaskingProfile {
  environment: string;
  lookupOnly?: boolean | undefined;
}

/** An exchange with its request and response bodies masked. */
export function maskExchangeCustomerData(exchange: Exchange): Exchange {
  return {
    ...exchange,
    // The gateway's own words are outside text too: a statusMsg may quote what it was sent.
    returnStatus: maskCustomerDataInValue(exchange.returnStatus),
    summary: maskCustomerDataInValue(exchange.summary),
    request: { ...exchange.request, body: exchange.request.body && maskCustomerDataInText(exchange.request.body) },
    response: exchange.response && {
      ...exchange.response,
      bodyText: maskCustomerDataInText(exchange.response.bodyText),
    },
  };
}

/** A gateway call's exchange and parsed answer, masked when the profile masks customer data. */
export function maskCallForProfile<T extends { exchange: Exchange; response: unknown }>(
  profile: MaskingProfile | null | undefined,
  call: T,
): T {
  if (!masksCustomerData(profile)) return call;
  return {
    ...call,
    exchange: maskExchangeCustomerData(call.exchange),
    response: maskCustomerDataInValue(call.response),
  };
}

/** A journaled notification delivery with the customer data of its body, plaintext and parsed fields masked. */
export function maskDeliveryCustomerData(record: DeliveryRecord): DeliveryRecord {
  return {
    ...record,
    body: record.bodyEncoding === 'utf8' ? maskCustomerDataInText(record.body) : record.body,
    plaintext: record.plaintext === null ? null : maskCustomerDataInText(record.plaintext),
    notification: record.notification && maskCustomerDataInValue(record.notification),
  };
}

/**
 * Whether data of a profile leaves main masked, by profile id: an unknown (deleted) profile or none at all
 * masks, since nobody can say any more that its data was only test data.
 */
export function customerMaskingByProfileId(
  stored: (profileId: string) => MaskingProfile,
): (profileId: string | null) => boolean {
  return (profileId) => {
    if (profileId === null) return true;
    try {
      return masksCustomerData(stored(profileId));
    } catch {
      return true;
    }
  };
}
