import type { Profile } from '@shared/contract/profiles';
import { CURL_PLACEHOLDERS, shellQuote } from '../../components/inspector/curl';

export const createOrderUrl = (profile: Pick<Profile, 'baseUrl' | 'pathPrefix' | 'version'>): string =>
  `${profile.baseUrl.replace(/\/+$/, '')}${profile.pathPrefix}/${profile.version}/payments`;

/** A header whose value is a secret: the literal part quoted, the shell variable left to expand. */
const secretHeader = (literal: string, variable: string) => `-H ${shellQuote(literal)}"${variable}"`;

/**
 * The create-order call the builder would send, as a shell command. The console never knows the
 * secrets (they stay in main's keychain), so they appear as `$GATEWAY_TOKEN` / `$GATEWAY_CLIENT_ID`,
 * the same placeholders as the inspector's "Copy as cURL".
 */
export function buildCreateOrderCurl(
  profile: Pick<Profile, 'baseUrl' | 'pathPrefix' | 'version' | 'clientIdHeader'>,
  body: unknown,
): string {
  return [
    `curl -X POST ${shellQuote(createOrderUrl(profile))}`,
    `  ${secretHeader('Authorization: Bearer ', CURL_PLACEHOLDERS.token)}`,
    `  ${secretHeader(`${profile.clientIdHeader}: `, CURL_PLACEHOLDERS.clientId)}`,
    `  -H ${shellQuote('Content-Type: application/json')}`,
    `  --data-raw ${shellQuote(JSON.stringify(body, null, 2))}`,
  ].join(' \\\n');
}
