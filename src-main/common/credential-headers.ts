/**
 * Which HTTP header values are credentials, for every place main records headers (the SDK's Exchange,
 * the notification receiver's journal). A short list of headers is shown in clear; any other whose name or
 * value looks like a credential is masked whole — a list of the bad ones is never complete.
 */

/**
 * Headers shown as received (the SDK still masks secrets inside them). Gateways and proxies add their own
 * (`X-Api-Key`, session cookies, trace tokens): those are masked by the rule below, not by name.
 */
export const CLEAR_HEADERS: ReadonlySet<string> = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'access-control-allow-origin',
  'age',
  'cache-control',
  'connection',
  'content-encoding',
  'content-language',
  'content-length',
  'content-type',
  'date',
  'etag',
  'expires',
  'keep-alive',
  'last-modified',
  'location',
  'pragma',
  'retry-after',
  'server',
  'strict-transport-security',
  'transfer-encoding',
  'vary',
  'via',
  'x-content-type-options',
  'x-frame-options',
  'x-request-id',
  'x-correlation-id',
]);
const CREDENTIAL_NAME = /auth|token|key|secret|signature|session|cookie|passw|credential|digest|bearer|jwt|sig$/i;
/** An opaque run long enough to be a key: 16+ base64/hex/url-safe characters, letters and digits mixed. */
const OPAQUE_VALUE = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9+/_=.~-]{16,}$/;

/** True when a header outside the clear list must be masked whole. */
export const looksLikeCredentialHeader = (name: string, value: string): boolean =>
  CREDENTIAL_NAME.test(name) || OPAQUE_VALUE.test(value.trim());
