/**
 * Finding a transaction by the customer's e-mail or phone, as the support desk is asked ("I paid with
 * ana@…"). A row keeps only what its profile may show: on a guarded profile (production, lookup-only)
 * the masked form (`a•••@•••.pt`, `+351••••••678`), so a search there matches the masked form of what
 * was typed and can never confirm a full address or number the screen would not show.
 */
import { maskCustomerValue, type CustomerData } from '@shared/support/customer-data';

export interface CustomerSearchFields {
  /** E-mail, lower-cased; masked on guarded profiles. */
  customerEmail: string | null;
  /** Phone, `+` and digits only; masked on guarded profiles. */
  customerPhone: string | null;
  /** Whether the two fields above are masked. */
  customerMasked: boolean;
}

export type CustomerQuery = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

const phoneDigits = (value: string): string => value.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');

export function customerSearchFields(data: CustomerData, masked: boolean): CustomerSearchFields {
  const email = data.email?.trim().toLowerCase() || null;
  const phone = data.phone ? phoneDigits(data.phone) || null : null;
  return {
    customerEmail: email && masked ? maskCustomerValue('email', email) : email,
    customerPhone: phone && masked ? maskCustomerValue('phone', phone) : phone,
    customerMasked: masked,
  };
}

/** What the agent typed, read as an e-mail (has an @) or a phone (6+ digits, spaces and +()-. allowed). */
export function customerQuery(text: string): CustomerQuery | null {
  const typed = text.trim();
  if (/^[^\s@]+@[^\s@]+$/.test(typed)) return { kind: 'email', value: typed.toLowerCase() };
  if (/^\+?[\d\s().-]+$/.test(typed) && typed.replace(/\D/g, '').length >= 6)
    return { kind: 'phone', value: phoneDigits(typed) };
  return null;
}

export function matchesCustomer(
  row: { customerEmail?: string | null; customerPhone?: string | null; customerMasked?: boolean },
  query: CustomerQuery,
): boolean {
  if (query.kind === 'email') {
    if (!row.customerEmail) return false;
    return row.customerEmail === (row.customerMasked ? maskCustomerValue('email', query.value) : query.value);
  }
  const stored = row.customerPhone;
  if (!stored) return false;
  if (row.customerMasked) {
    // Only what the mask shows can match: the last three digits and, when both have one, the country prefix.
    const prefixAgrees =
      !stored.startsWith('+') || !query.value.startsWith('+') || stored.slice(0, 4) === query.value.slice(0, 4);
    return stored.slice(-3) === query.value.slice(-3) && prefixAgrees;
  }
  // A number typed without its country code still finds the order (and the other way round).
  const a = stored.replace('+', '');
  const b = query.value.replace('+', '');
  return a === b || (Math.min(a.length, b.length) >= 9 && (a.endsWith(b) || b.endsWith(a)));
}

/** The row as a guarded export shows it: its customer search fields masked (a no-op when already masked). */
export function withCustomerMasked<
  T extends { customerEmail?: string | null; customerPhone?: string | null; customerMasked?: boolean },
>(row: T): T {
  if (row.customerMasked || (!row.customerEmail && !row.customerPhone)) return row;
  return {
    ...row,
    customerEmail: row.customerEmail ? maskCustomerValue('email', row.customerEmail) : (row.customerEmail ?? null),
    customerPhone: row.customerPhone ? maskCustomerValue('phone', row.customerPhone) : (row.customerPhone ?? null),
    customerMasked: true,
  };
}
