/**
 * AES-256-GCM for merchant notifications, exactly as the real gateway does it (docs/gateway-behaviour.md):
 * key = base64 text decoding to 32 bytes; IV base64, 12 bytes (header X-Initialization-Vector);
 * tag base64, 16 bytes, in its own header (X-Authentication-Tag); body = base64 of the ciphertext only;
 * no AAD; plaintext UTF-8 JSON. Every bad input gets a classified error — nothing throws unclassified.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { NotificationCryptoErrorCode, NotificationCryptoErrorInfo } from '@shared/notification-crypto-errors';
import { englishOf, mainText, type MainText, type MainTextId } from '@shared/console-text';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../common/json-depth';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

type Field = 'secret' | 'iv' | 'tag' | 'body';

/** Each field's name, said by id so the renderer words it in the sentence's language. */
const FIELD_LABEL: Record<Field, MainTextId> = {
  secret: 'cryptoFieldSecret',
  iv: 'cryptoFieldIv',
  tag: 'cryptoFieldTag',
  body: 'cryptoFieldBody',
};

const EXPECTED_BYTES: Partial<Record<Field, number>> = { secret: KEY_BYTES, iv: IV_BYTES, tag: TAG_BYTES };

/** Thrown by `encryptNotification` (which has no result channel); `decryptNotification` returns it as data. */
export class NotificationCryptoError extends Error {
  constructor(
    readonly code: NotificationCryptoErrorCode,
    readonly text: MainText,
  ) {
    super(englishOf(text));
    this.name = 'NotificationCryptoError';
  }

  toInfo(): NotificationCryptoErrorInfo {
    return { code: this.code, message: this.message, text: this.text };
  }
}

const fault = (code: NotificationCryptoErrorCode, text: MainText): NotificationCryptoError =>
  new NotificationCryptoError(code, text);

const STANDARD_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const URL_SAFE_BASE64 = /^[A-Za-z0-9_-]*={0,2}$/;
const HEX = /^[0-9a-fA-F]+$/;

const codeFor = (field: Field, kind: 'missing' | 'not-base64' | 'wrong-length'): NotificationCryptoErrorCode =>
  `${field}-${kind}` as NotificationCryptoErrorCode;

/** Why a whitespace-free text is not standard base64 (a text id with its parameters), or null when it is. */
function base64Problem(
  compact: string,
  quoteCharacters: boolean,
): { id: MainTextId; params: Record<string, string | number> } | null {
  if (STANDARD_BASE64.test(compact)) {
    const unpadded = compact.replace(/=+$/, '');
    const badLength = (compact.includes('=') && compact.length % 4 !== 0) || unpadded.length % 4 === 1;
    return badLength ? { id: 'cryptoNotBase64Length', params: {} } : null;
  }
  if (URL_SAFE_BASE64.test(compact)) return { id: 'cryptoNotBase64Url', params: {} };
  const at = compact.search(/[^A-Za-z0-9+/=]|=(?=[^=])/);
  if (at < 0) return { id: 'cryptoNotBase64Padding', params: {} };
  return quoteCharacters
    ? { id: 'cryptoNotBase64CharShown', params: { character: JSON.stringify(compact[at]), position: at + 1 } }
    : { id: 'cryptoNotBase64Char', params: { position: at + 1 } };
}

/**
 * Strict base64 (Buffer.from silently skips bad characters, which would turn a typo into a confusing
 * "authentication failed"). Whitespace is removed first because pasted values often wrap or carry a
 * trailing newline. Characters of the secret are never echoed in a message.
 */
function decodeBase64(field: Field, text: unknown): Buffer {
  const label = { id: FIELD_LABEL[field], params: {} };
  const empty = (): NotificationCryptoError =>
    field === 'body'
      ? fault('body-empty', mainText('cryptoBodyEmpty'))
      : fault(codeFor(field, 'missing'), mainText('cryptoMissing', { field: label }));
  if (typeof text !== 'string' || text.trim() === '') throw empty();
  const compact = text.replace(/\s+/g, '');
  const problem = base64Problem(compact, field !== 'secret');
  if (problem) throw fault(codeFor(field, 'not-base64'), mainText(problem.id, { field: label, ...problem.params }));
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length === 0) throw empty();
  const expected = EXPECTED_BYTES[field];
  if (expected !== undefined && bytes.length !== expected) {
    const looksHex = field === 'secret' && HEX.test(compact) && compact.length === KEY_BYTES * 2;
    throw fault(
      codeFor(field, 'wrong-length'),
      mainText(looksHex ? 'cryptoWrongLengthHex' : 'cryptoWrongLength', {
        field: label,
        bytes: bytes.length,
        expected,
      }),
    );
  }
  return bytes;
}

export interface EncryptedNotification {
  iv: string;
  tag: string;
  body: string;
}

/** Encrypts a plaintext as the gateway does. A fresh random IV unless one is given. Throws NotificationCryptoError. */
export function encryptNotification(input: { secret: string; plaintext: string; iv?: string }): EncryptedNotification {
  const key = decodeBase64('secret', input.secret);
  const iv = input.iv === undefined ? randomBytes(IV_BYTES) : decodeBase64('iv', input.iv);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(input.plaintext, 'utf8'), cipher.final()]);
  return {
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    body: ciphertext.toString('base64'),
  };
}

export type DecryptOutcome =
  | { ok: true; plaintext: string; json: unknown }
  | {
      ok: false;
      error: NotificationCryptoErrorInfo;
      /**
       * Set when the tag verified (the sender holds the secret) but the content is unusable: the text
       * decrypted, lossily decoded when it was not UTF-8. Such a delivery is authentic: it is journaled and
       * acknowledged, never refused for ever.
       */
      authenticPlaintext?: string;
    };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decrypts and parses a notification; every failure comes back classified, never thrown. */
export function decryptNotification(input: { secret: string; iv: string; tag: string; body: string }): DecryptOutcome {
  try {
    const key = decodeBase64('secret', input.secret);
    const iv = decodeBase64('iv', input.iv);
    const tag = decodeBase64('tag', input.tag);
    const ciphertext = decodeBase64('body', input.body);
    let clear: Buffer;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tag);
      clear = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    } catch {
      throw fault('authentication-failed', mainText('cryptoAuthFailed'));
    }
    return parseClear(clear);
  } catch (error) {
    if (error instanceof NotificationCryptoError) return { ok: false, error: error.toInfo() };
    // Unreachable by construction; kept so a future node change still yields a classified answer.
    return {
      ok: false,
      error: {
        code: 'authentication-failed',
        message: `Decryption failed: ${error instanceof Error ? error.message : String(error)}`,
      },
    };
  }
}

/** The authenticated plaintext as JSON, or why it is unusable (with the text kept). */
function parseClear(clear: Buffer): DecryptOutcome {
  const unusable = (code: 'plaintext-not-utf8' | 'plaintext-not-json', text: MainText): DecryptOutcome => ({
    ok: false,
    error: { code, message: englishOf(text), text },
    authenticPlaintext: clear.toString('utf8'),
  });
  let plaintext: string;
  try {
    plaintext = utf8.decode(clear);
  } catch {
    return unusable('plaintext-not-utf8', mainText('cryptoNotUtf8'));
  }
  if (jsonDepthExceeds(plaintext, MAX_JSON_DEPTH))
    return unusable('plaintext-not-json', mainText('cryptoTooDeep', { levels: MAX_JSON_DEPTH }));
  try {
    return { ok: true, plaintext, json: JSON.parse(plaintext) as unknown };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return unusable('plaintext-not-json', mainText('cryptoNotJson', { reason: why }));
  }
}

/** A fresh webhook secret in the gateway's format (base64 of 32 random bytes). */
export const generateWebhookSecret = (): string => randomBytes(KEY_BYTES).toString('base64');

export { NOTIFICATION_IV_HEADER, NOTIFICATION_TAG_HEADER } from '@shared/notification';
