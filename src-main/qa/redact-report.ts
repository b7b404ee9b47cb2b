/**
 * Reports leave the app as files, so they get the exports' last check (src-shared/redact-export:
 * signatures in JSON, card data) and main's free-text scrub (every registered token, client id and
 * signature, any Bearer/Digest value) — the same passes the secret canary test covers.
 */
import { redactBody } from '@shared/redact-export';
import { redactText } from '../common/redact-text';

export const redactReport = (text: string): string => redactText(redactBody(text));
