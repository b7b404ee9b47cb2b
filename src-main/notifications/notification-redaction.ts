/**
 * Card data and secrets are taken out of a decrypted notification before it is journaled, answered or
 * handed to the renderer (architecture rule 5): a card number is kept as at most its first 6 and last 4
 * digits, CVV / CVC / security codes are blanked — in known fields, unknown fields and free text — and
 * registered secrets (tokens, client ids, webhook secrets) are masked in every spelling.
 */
import { redactCardJson } from '@shared/card-data';
import { withSecretKeysMasked } from '../common/masked-keys';
import { maskSecretsIn, redactText, secretsWith } from '../common/redact-text';

export interface RedactedPlaintext {
  /** The plaintext as it may be stored and shown: unchanged when it held nothing to remove. */
  text: string;
  /** The same as parsed JSON (undefined when `text` is not JSON). */
  json: unknown;
  /** True when something was removed: the plaintext as received held card data or a secret. */
  changed: boolean;
}

/** Masks secrets and card data in every string of parsed JSON, keys holding a whole secret too; structure kept. */
function redactJson(value: unknown, secrets: readonly string[]): unknown {
  const mask = (text: string): string => maskSecretsIn(redactText(text), secrets);
  const keySecrets = secretsWith(secrets);
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return mask(item);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object')
      return withSecretKeysMasked(
        Object.entries(item).map(([key, inner]) => [key, walk(inner)] as const),
        keySecrets,
        mask,
      );
    return item;
  };
  return walk(redactCardJson(value));
}

/**
 * `json` is the parsed plaintext when it parsed (the caller bounds its depth), undefined otherwise;
 * `secrets` are the webhook secrets just tried (also masked if the sender echoed one).
 */
export function redactNotificationPlaintext(
  plaintext: string,
  json: unknown,
  secrets: readonly string[],
): RedactedPlaintext {
  if (json === undefined) {
    const text = maskSecretsIn(redactText(plaintext), secrets);
    return { text, json: undefined, changed: text !== plaintext };
  }
  const redacted = redactJson(json, secrets);
  const changed = JSON.stringify(redacted) !== JSON.stringify(json);
  // Unchanged, the exact text received is kept (a replay then sends the same bytes the gateway sent).
  return { text: changed ? JSON.stringify(redacted) : plaintext, json: redacted, changed };
}

/** A notificationID read from text that could not be parsed, so even it can be acknowledged. */
export function notificationIdIn(text: string): string | null {
  return /"notificationID"\s*:\s*"([^"\\]{1,200})"/.exec(text)?.[1] ?? null;
}
