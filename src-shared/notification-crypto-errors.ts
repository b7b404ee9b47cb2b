import type { MainText } from './console-text';

/**
 * The classified ways a merchant-notification decrypt or encrypt can fail. Shared so the renderer's
 * paste-to-decrypt tool can explain a code without importing node's crypto.
 */
export const notificationCryptoErrorCodes = [
  'secret-missing',
  'secret-not-base64',
  'secret-wrong-length',
  'iv-missing',
  'iv-not-base64',
  'iv-wrong-length',
  'tag-missing',
  'tag-not-base64',
  'tag-wrong-length',
  'body-empty',
  'body-not-base64',
  /** Wrong key, or the tag, IV or body was altered: GCM cannot tell which. */
  'authentication-failed',
  'plaintext-not-utf8',
  'plaintext-not-json',
] as const;

export type NotificationCryptoErrorCode = (typeof notificationCryptoErrorCodes)[number];

export interface NotificationCryptoErrorInfo {
  code: NotificationCryptoErrorCode;
  /** One sentence naming what is wrong and, where we can tell, the likely cause (English). */
  message: string;
  /** The same sentence by text id, for the renderer to word in the user's language. */
  text?: MainText;
}
