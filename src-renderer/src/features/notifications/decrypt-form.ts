/**
 * The paste-to-decrypt form's rules: what is sent (a profile id, never a profile's secret) and where
 * main's classified errors are shown — a bad IV under the IV field, a bad tag under the tag field — so
 * a support agent sees exactly which pasted value is wrong.
 */
import type { MethodInput } from '@shared/contract';
import { t } from '../../i18n';
import type { SecretChoice } from '@shared/contract/notifications';
import type { ConsoleError } from '@shared/result';
import { consoleErrorText } from '../../i18n/console-error';

export type DecryptField = 'secret' | 'iv' | 'tag' | 'body';

export interface SecretDraft {
  source: 'profile' | 'typed';
  profileId: string | null;
  typed: string;
}

export interface DecryptDraft {
  secret: SecretDraft;
  iv: string;
  tag: string;
  body: string;
}

/** A problem to show: under one field, or above the form when it concerns them all. */
export interface FormProblem {
  field: DecryptField | null;
  code: string;
  message: string;
}

const FIELD_PREFIXES: readonly DecryptField[] = ['secret', 'iv', 'tag', 'body'];

/** Which field a main-side error code is about (`iv-not-base64` → iv; `no-webhook-secret` → secret). */
export function fieldOfError(code: string): DecryptField | null {
  if (code === 'no-webhook-secret') return 'secret';
  return FIELD_PREFIXES.find((field) => code.startsWith(`${field}-`)) ?? null;
}

/** The suggested action for an error code, in the user's language (main's message stays as the cause). */
const HINTS: Partial<Record<string, string>> = {
  'authentication-failed': 'decrypt.hint.authenticationFailed',
  'plaintext-not-json': 'decrypt.hint.plaintextNotJson',
};

/** The error a decrypt call answered, placed on its field. */
export function problemFromError(error: ConsoleError): FormProblem {
  if (error.code === 'invalid-input') {
    // The contract refused the input (e.g. a value over the size limit): name the field it was about.
    const issues = (error.details as { issues?: { path: string[] }[] } | undefined)?.issues ?? [];
    const path = issues[0]?.path ?? [];
    const field = FIELD_PREFIXES.find((name) => path.includes(name)) ?? null;
    return { field, code: error.code, message: consoleErrorText(error) };
  }
  const hint = HINTS[error.code];
  return {
    field: fieldOfError(error.code),
    code: error.code,
    message: hint ? `${consoleErrorText(error)} ${t(hint)}` : consoleErrorText(error),
  };
}

export function secretChoiceOf(draft: SecretDraft): SecretChoice | FormProblem {
  if (draft.source === 'profile') {
    return draft.profileId
      ? { profileId: draft.profileId }
      : { field: 'secret', code: 'secret-missing', message: t('decrypt.chooseProfile') };
  }
  const typed = draft.typed.trim();
  return typed ? { typed } : { field: 'secret', code: 'secret-missing', message: t('decrypt.typeSecret') };
}

export const isProblem = (value: object): value is FormProblem => 'code' in value && 'message' in value;

/**
 * The call's input, or a problem found before calling. Only the secret choice is checked here (the
 * contract cannot take an empty one); main owns the scheme and names every other problem — a missing,
 * non-base64 or wrong-length IV, tag or body, a wrong key — with its own classified error.
 */
export function decryptInputOf(draft: DecryptDraft): MethodInput<'notifications.decrypt'> | FormProblem {
  const secret = secretChoiceOf(draft.secret);
  if (isProblem(secret)) return secret;
  return { secret, iv: draft.iv, tag: draft.tag, body: draft.body };
}
