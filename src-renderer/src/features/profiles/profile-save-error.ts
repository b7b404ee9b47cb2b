import type { ConsoleError } from '@shared/result';
import { t } from '../../i18n';
import { consoleErrorText } from '../../i18n/console-error';

/** Main's refusals of a production save, which carry the profile's name: translated by code. */
const BY_CODE: Readonly<Record<string, string>> = {
  'confirmation-required': 'credentials.error.productionNameRequired',
  'confirmation-mismatch': 'credentials.error.productionNameMismatch',
  'production-plain-http': 'credentials.error.productionPlainHttp',
};

/** Why a profile was not saved, in the user's language (other refusals: main's text, translated when known). */
export function profileSaveErrorText(error: ConsoleError): string {
  const name = (error.details as { profileName?: unknown } | undefined)?.profileName;
  const key = BY_CODE[error.code];
  return key && typeof name === 'string' ? t(key, { name }) : consoleErrorText(error);
}
