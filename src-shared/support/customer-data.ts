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
 * name, first letter and top-level domain of an e-mail, country code and last 3 digits of a phone (`+351` or MB WAY's `351#`), only the country of an
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
    case 'phone': {
      // The gateway's MB WAY form `351#912345678` keeps its country code like `+351…` does.
      const mbway = /^(\d{1,3}#)(.*)$/.exec(value);
      return mbway ? `${mbway[1]}${hide(mbway[2]!, 0, 3)}` : hide(value, value.startsWith('+') ? 4 : 0, 3);
    }
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

/** A key as compared: case, `_`, `-` and spaces ignored (`customer_name`, `Customer-Name`, `eMail`…). */
const normaliseKey = (key: string): string => key.toLowerCase().replace(/[\s_-]/g, '');

const keysOf = (field: CustomerField, keys: string[]): Array<[string, CustomerField]> =>
  keys.map((key) => [key, field]);

/** Keys whose values are customer data wherever they sit (normalised spelling → field). */
const CUSTOMER_KEYS = new Map<string, CustomerField>([
  ...keysOf('name', [
    'customername',
    'name',
    'fullname',
    'firstname',
    'lastname',
    'surname',
    'givenname',
    'familyname',
    'shoppername',
    'payername',
    'buyername',
    'holdername',
    'cardholdername',
    'accountholdername',
    'clientname',
  ]),
  ...keysOf('email', ['customeremail', 'email', 'emailaddress', 'mail', 'shopperemail', 'payeremail', 'buyeremail']),
  ...keysOf('phone', [
    'customerphone',
    'customerphonenumber',
    'customermobile',
    'phone',
    'phonenumber',
    'mobile',
    'mobilephone',
    'mobilenumber',
    'cellphone',
    'telephone',
    'tel',
    'msisdn',
    'shopperphone',
    'payerphone',
  ]),
  ...keysOf('ip', ['ipaddress', 'ip', 'customerip', 'clientip', 'shopperip', 'remoteip']),
  ...keysOf('billingAddress', ['billingaddress', 'customerbillingaddress']),
  ...keysOf('shippingAddress', [
    'shippingaddress',
    'customershippingaddress',
    'deliveryaddress',
    'address',
    'customeraddress',
    'postaladdress',
    'homeaddress',
  ]),
]);
/** Lines of an address: personal wherever they show (the country is kept: it identifies no one). */
const ADDRESS_LINE_KEYS = new Set([
  'street',
  'street1',
  'street2',
  'street3',
  'addressline',
  'addressline1',
  'addressline2',
  'addressline3',
  'city',
  'postcode',
  'postalcode',
  'zip',
  'zipcode',
  'countrysubdivision',
]);
const ADDRESS_MASK = '••••••';
const isAddressField = (field: CustomerField) => field === 'billingAddress' || field === 'shippingAddress';

const fieldOfKey = (key: string): CustomerField | undefined => CUSTOMER_KEYS.get(normaliseKey(key));
const isAddressLine = (key: string): boolean => ADDRESS_LINE_KEYS.has(normaliseKey(key));

/** A customer value of any JSON type masked: text and numbers masked as `field`, objects leaf by leaf. */
function maskAs(field: CustomerField, value: unknown): unknown {
  if (typeof value === 'string') return maskCustomerValue(field, value);
  if (typeof value === 'number') return maskCustomerValue(field, String(value));
  if (Array.isArray(value)) return value.map((item) => maskAs(field, item));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, child]) =>
        // Inside an address every line is personal except the country.
        isAddressField(field) && normaliseKey(key) === 'country' && typeof child === 'string'
          ? [key, child]
          : [key, maskAs(fieldOfKey(key) ?? field, child)],
      ),
    );
  return value;
}

/**
 * A key-value item (`customerInfo: [{ key: "customerName", value: "…" }]`, `params: [{ name, value }]`):
 * the key names the field, so its value is masked when the key names customer data — the key itself is
 * kept, which keeps action params (`{ name: "creq", value }`) as they were.
 */
function pairOf(item: Record<string, unknown>): { label: string; valueKey: string } | null {
  const keys = Object.keys(item);
  const labelKey = keys.find((key) => ['key', 'name', 'field', 'label'].includes(normaliseKey(key)));
  const valueKey = keys.find((key) => ['value', 'data'].includes(normaliseKey(key)));
  if (!labelKey || !valueKey || typeof item[labelKey] !== 'string') return null;
  return { label: item[labelKey], valueKey };
}

/**
 * A notification's `token` (`{ tokenType, value }`): for MB WAY its value is the shopper's phone
 * ("351#912345678"), so the value is masked like a phone whatever the token type says.
 */
function maskToken(token: Record<string, unknown>): unknown {
  const { value, ...rest } = token;
  return { ...(maskTree(rest) as Record<string, unknown>), value: maskAs('phone', value) };
}

/**
 * An e-mail address written anywhere in free text (an order's description, a note, a message a gateway
 * echoes): masked like the customer's e-mail field, since nobody can say whose it is. A match starts only
 * where a run of address characters starts (the lookbehind), so a long run without a domain is read once,
 * not once per position.
 */
const EMAIL_IN_TEXT =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}/g;
export const maskEmailsIn = (text: string): string =>
  text.includes('@') ? text.replace(EMAIL_IN_TEXT, (found) => maskCustomerValue('email', found)) : text;

/** Text that may hold JSON of its own (a body escaped into a string): masked as text. */
const maskNestedText = (value: string): string =>
  maskEmailsIn(value.includes('"') ? maskCustomerDataInText(value) : value);

function maskTree(value: unknown): unknown {
  if (typeof value === 'string') return maskNestedText(value);
  if (Array.isArray(value)) return value.map((item) => maskTree(item));
  if (typeof value !== 'object' || value === null) return value;
  const item = value as Record<string, unknown>;
  const pair = pairOf(item);
  return Object.fromEntries(
    Object.entries(item).map(([key, child]) => {
      if (pair && key === pair.valueKey) {
        const field = fieldOfKey(pair.label);
        return [key, field ? maskAs(field, child) : isAddressLine(pair.label) ? ADDRESS_MASK : maskTree(child)];
      }
      if (pair && typeof child === 'string' && child === pair.label) return [key, child];
      if (normaliseKey(key) === 'token' && typeof child === 'object' && child !== null && !Array.isArray(child))
        return [key, maskToken(child as Record<string, unknown>)];
      const field = fieldOfKey(key);
      if (field) return [key, maskAs(field, child)];
      if (isAddressLine(key) && (typeof child === 'string' || typeof child === 'number')) return [key, ADDRESS_MASK];
      return [key, maskTree(child)];
    }),
  );
}

/**
 * A `"key": ` in text that is not JSON (a truncated body) or inside JSON escaped into a string
 * (`\\"customerName\\": …`): both quotes of the key carry the same backslashes, and so do the value's.
 */
const TEXT_KEY = /(\\*)"([^"\\]{1,60})\1"\s*:\s*/g;
const TEXT_NUMBER = /-?\d[\d.]*/y;
/** `"key": "customerName", "value": "…"` items of a key-value list, in text. */
const TEXT_KEY_VALUE =
  /((\\*)"(?:key|name|field|label)\2"\s*:\s*\2"([^"\\]{1,60})\2"\s*,\s*\2"(?:value|data)\2"\s*:\s*\2")([\s\S]*?)((?<!\\)\2"|$)/gi;
const TEXT_TOKEN = /("token"\s*:\s*\{[^{}]*?"value"\s*:\s*")([^"]*)(")/g;

/**
 * Where the value starting at `start` ends: a quoted one at its closing quote (the same backslashes, not
 * escaped once more) or, cut off, at the end of the text; a number at its last digit.
 */
function textValueAt(
  text: string,
  start: number,
  quote: string,
): { value: string; end: number; closing: string } | null {
  const open = `${quote}"`;
  if (text.startsWith(open, start)) {
    const from = start + open.length;
    const close = new RegExp(`(?<!\\\\)${quote.replace(/\\/g, '\\\\')}"`, 'g');
    close.lastIndex = from;
    const found = close.exec(text);
    const end = found ? found.index : text.length;
    return { value: text.slice(from, end), end: found ? end + open.length : end, closing: found ? open : '' };
  }
  TEXT_NUMBER.lastIndex = start;
  const number = TEXT_NUMBER.exec(text);
  return number ? { value: number[0], end: start + number[0].length, closing: open } : null;
}

/** Every customer value of text masked in place; a non-customer key's value is left to be scanned on. */
function maskTextPairs(text: string): string {
  const listed = text
    .replace(TEXT_KEY_VALUE, (all, open: string, _q: string, label: string, value: string, close: string) => {
      const field = fieldOfKey(label);
      if (field) return open + maskCustomerValue(field, value) + close;
      return isAddressLine(label) ? open + ADDRESS_MASK + close : all;
    })
    .replace(
      TEXT_TOKEN,
      (_all, open: string, value: string, close: string) => open + maskCustomerValue('phone', value) + close,
    );
  let out = '';
  let copied = 0;
  const keys = new RegExp(TEXT_KEY.source, 'g');
  for (let match = keys.exec(listed); match; match = keys.exec(listed)) {
    const [whole, quote = '', key = ''] = match;
    const field = fieldOfKey(key);
    if (!field && !isAddressLine(key)) continue;
    const start = match.index + whole.length;
    const found = textValueAt(listed, start, quote);
    if (!found) continue;
    const masked = field ? maskCustomerValue(field, found.value) : ADDRESS_MASK;
    out += `${listed.slice(copied, start)}${quote}"${masked}${found.closing}`;
    copied = found.end;
    keys.lastIndex = found.end;
  }
  return out + listed.slice(copied);
}

/**
 * A JSON body (or a truncated one) with every customer field masked, for answers, records and exports of
 * guarded profiles. Text that is not JSON is masked pair by pair where `"customerName": "…"`-like pairs
 * show, escaped or not.
 */
export function maskCustomerDataInText(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return maskEmailsIn(maskTextPairs(text));
  }
  if (typeof parsed === 'string') return JSON.stringify(maskNestedText(parsed));
  return JSON.stringify(maskTree(parsed), null, text.includes('\n') ? 2 : undefined);
}

/** Any decoded value (a parsed notification, an order, an answer) with every customer field masked. */
export function maskCustomerDataInValue<T>(value: T): T {
  return maskTree(value) as T;
}
