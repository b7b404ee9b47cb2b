/**
 * Customer data in an order (name, e-mail, phone, addresses, IP) and how the support desk shows it: masked
 * by default on guarded profiles (production or lookup-only), revealed one field at a time with a reason
 * that main writes to the audit log. Card data never gets here: the SDK already keeps at most BIN+last 4.
 */
import type { CustomerField } from '../contract/support';

export const CUSTOMER_FIELDS: readonly CustomerField[] = [
  'name',
  'email',
  'phone',
  'billingAddress',
  'shippingAddress',
  'ip',
];

export type CustomerData = Partial<Record<CustomerField, string>>;

/** Production profiles and lookup-only ones show customer data masked until revealed. */
export const masksCustomerData = (
  profile: { environment: string; lookupOnly?: boolean | undefined } | null | undefined,
) => !profile || profile.environment === 'production' || profile.lookupOnly === true;

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

function formatAddress(value: unknown): string | null {
  const address = record(value);
  if (!address) return null;
  const parts = [
    text(address.street1) ?? text(address.street),
    text(address.street2),
    [text(address.postcode), text(address.city)].filter(Boolean).join(' '),
    text(address.countrySubDivision),
    text(address.country),
  ].filter((part): part is string => !!part);
  return parts.length ? parts.join(', ') : null;
}

/** The customer data of an order body as sent (either spelling of customerInfo, addresses in either place). */
export function customerDataOfOrder(order: unknown): CustomerData {
  const root = record(order);
  const customer = record(root?.customer);
  const info = record(customer?.customerInfo) ?? record(customer?.customerinfo);
  const device = record(record(root?.info)?.deviceInfo);
  const out: CustomerData = {};
  const set = (field: CustomerField, value: string | null) => {
    if (value) out[field] = value;
  };
  set('name', text(info?.customerName));
  set('email', text(info?.customerEmail));
  set('phone', text(info?.customerPhone));
  set('billingAddress', formatAddress(info?.billingAddress ?? customer?.billingAddress));
  set('shippingAddress', formatAddress(info?.shippingAddress ?? customer?.shippingAddress));
  set('ip', text(device?.ipAddress));
  return out;
}

const DOT = '•';
const hide = (value: string, keepStart: number, keepEnd = 0): string =>
  value.length <= keepStart + keepEnd
    ? DOT.repeat(Math.max(3, value.length))
    : `${value.slice(0, keepStart)}${DOT.repeat(Math.min(8, Math.max(3, value.length - keepStart - keepEnd)))}${keepEnd ? value.slice(-keepEnd) : ''}`;

/**
 * A masked value that still helps to match a customer on the phone without exposing them: initials of a
 * name, first letter and top-level domain of an e-mail, last 3 digits of a phone, only the country of an
 * address, the first two octets of an IPv4 address.
 */
export function maskCustomerValue(field: CustomerField, value: string): string {
  switch (field) {
    case 'name':
      return value
        .split(/\s+/)
        .filter(Boolean)
        .map((word) => `${word[0]}${DOT.repeat(3)}`)
        .join(' ');
    case 'email': {
      const at = value.lastIndexOf('@');
      if (at < 1) return hide(value, 1);
      const domain = value.slice(at + 1);
      const tld = domain.includes('.') ? domain.slice(domain.lastIndexOf('.')) : '';
      return `${value[0]}${DOT.repeat(3)}@${DOT.repeat(3)}${tld}`;
    }
    case 'phone':
      return hide(value, value.startsWith('+') ? 4 : 0, 3);
    case 'billingAddress':
    case 'shippingAddress': {
      const parts = value.split(',').map((part) => part.trim());
      const country = parts.length > 1 ? parts.at(-1) : undefined;
      return country && /^[A-Z]{2,3}$/.test(country) ? `${DOT.repeat(6)}, ${country}` : DOT.repeat(6);
    }
    case 'ip': {
      const octets = value.split('.');
      return octets.length === 4 ? `${octets[0]}.${octets[1]}.${DOT}.${DOT}` : hide(value, 0);
    }
  }
}

/** Every field masked unless it is in `revealed`. */
export function maskCustomerData(data: CustomerData, revealed: ReadonlySet<CustomerField> = new Set()): CustomerData {
  const out: CustomerData = {};
  for (const field of CUSTOMER_FIELDS) {
    const value = data[field];
    if (value !== undefined) out[field] = revealed.has(field) ? value : maskCustomerValue(field, value);
  }
  return out;
}

/** Keys whose string values are customer data, wherever they sit in an order, response or notification. */
const CUSTOMER_KEYS: Record<string, CustomerField> = {
  customerName: 'name',
  customerEmail: 'email',
  customerPhone: 'phone',
  ipAddress: 'ip',
};
const ADDRESS_KEYS = new Set(['billingAddress', 'shippingAddress']);
const ADDRESS_MASK = '••••••';

/**
 * A notification's `token` (`{ tokenType, value }`): for MB WAY its value is the shopper's phone
 * ("351#912345678"), so the value is masked like a phone whatever the token type says.
 */
function maskToken(token: object): unknown {
  const { value, ...rest } = token as Record<string, unknown>;
  const masked = maskTree(rest) as Record<string, unknown>;
  return typeof value === 'string' ? { ...masked, value: maskCustomerValue('phone', value) } : { ...masked, value };
}

function maskTree(value: unknown, inAddress = false): unknown {
  if (Array.isArray(value)) return value.map((item) => maskTree(item, inAddress));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, child]) => {
      if (key === 'token' && typeof child === 'object' && child !== null) return [key, maskToken(child)];
      if (typeof child === 'string' && Object.hasOwn(CUSTOMER_KEYS, key))
        return [key, maskCustomerValue(CUSTOMER_KEYS[key]!, child)];
      // Inside an address every line is personal except the country (kept: it helps, it identifies no one).
      if (inAddress && typeof child === 'string' && key !== 'country') return [key, ADDRESS_MASK];
      return [key, maskTree(child, inAddress || ADDRESS_KEYS.has(key))];
    }),
  );
}

/**
 * A JSON body (or a truncated one) with every customer field masked, for views and exports of guarded
 * profiles. Text that is not JSON is masked field by field where `"customerName": "…"`-like pairs show.
 */
export function maskCustomerDataInText(text: string): string {
  try {
    return JSON.stringify(maskTree(JSON.parse(text)), null, text.includes('\n') ? 2 : undefined);
  } catch {
    return text
      .replace(
        /("(customerName|customerEmail|customerPhone|ipAddress)"\s*:\s*")([^"]*)(")/g,
        (_all, open: string, key: string, value: string, close: string) =>
          open + maskCustomerValue(CUSTOMER_KEYS[key]!, value) + close,
      )
      .replace(/("(street1|street2|city|postcode|countrySubDivision)"\s*:\s*")([^"]*)(")/g, `$1${ADDRESS_MASK}$4`)
      .replace(
        /("token"\s*:\s*\{[^{}]*?"value"\s*:\s*")([^"]*)(")/g,
        (_all, open: string, value: string, close: string) => open + maskCustomerValue('phone', value) + close,
      );
  }
}

/** Any decoded value (a parsed notification, an order) with every customer field masked, for views. */
export function maskCustomerDataInValue<T>(value: T): T {
  return maskTree(value) as T;
}
