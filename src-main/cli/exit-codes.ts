import type { ExchangeClassification } from '@shared/exchange';

/** Exit codes of the gateway commands: 0 only for `ok`, one distinct code per other outcome (for CI scripts). */
export const CLASSIFICATION_EXIT_CODES: Record<ExchangeClassification, number> = {
  ok: 0,
  'gateway-error': 10,
  'http-error': 11,
  'retry-advised': 12,
  timeout: 13,
  network: 14,
  'invalid-response': 15,
  'outcome-unknown': 16,
};

export const EXIT_UNEXPECTED = 1;
/** Bad command line (unknown option, missing argument). */
export const EXIT_USAGE = 2;
/** Refused before sending: invalid order or phone, unknown profile or transaction, missing credentials, production guard. */
export const EXIT_REFUSED = 3;

export const EXIT_CODES_HELP = [
  'Exit codes:',
  `  0   ok: HTTP 200 and statusCode 000 (the request was processed; see paymentStatus)`,
  `  ${EXIT_UNEXPECTED}   unexpected failure`,
  `  ${EXIT_USAGE}   usage error`,
  `  ${EXIT_REFUSED}   refused before sending (invalid request, unknown profile or transaction, missing credentials, production confirmation)`,
  ...Object.entries(CLASSIFICATION_EXIT_CODES)
    .filter(([, code]) => code !== 0)
    .map(([classification, code]) => `  ${code}  ${classification}`),
].join('\n');
