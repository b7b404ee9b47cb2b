import type { Profile } from '@shared/contract/profiles';

/** Placeholders, never values: the console does not know the secrets (they stay in main's keychain). */
export const TOKEN_PLACEHOLDER = '$GATEWAY_TOKEN';
export const CLIENT_ID_PLACEHOLDER = '$GATEWAY_CLIENT_ID';

const singleQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export const createOrderUrl = (profile: Pick<Profile, 'baseUrl' | 'pathPrefix' | 'version'>): string =>
  `${profile.baseUrl.replace(/\/+$/, '')}${profile.pathPrefix}/${profile.version}/payments`;

/**
 * The create-order call as a shell command. Secrets appear as environment variables inside double
 * quotes (so the shell fills them in); the body is single-quoted so nothing in it is expanded.
 */
export function buildCreateOrderCurl(
  profile: Pick<Profile, 'baseUrl' | 'pathPrefix' | 'version' | 'clientIdHeader'>,
  body: unknown,
): string {
  return [
    `curl -X POST ${singleQuote(createOrderUrl(profile))}`,
    `  -H "Authorization: Bearer ${TOKEN_PLACEHOLDER}"`,
    `  -H "${profile.clientIdHeader}: ${CLIENT_ID_PLACEHOLDER}"`,
    `  -H 'Content-Type: application/json'`,
    `  --data-raw ${singleQuote(JSON.stringify(body, null, 2))}`,
  ].join(' \\\n');
}
