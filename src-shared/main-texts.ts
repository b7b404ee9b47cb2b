/**
 * Every sentence main sends a person, by stable id, with its English wording and `{name}` parameters.
 * Main speaks English (the CLI and the logs read `message`); the renderer never parses that sentence:
 * it translates `text.id` with `text.params` through its catalogue (the English catalogue is this table,
 * the Portuguese one must name every id — type-checking and a test refuse a missing one).
 * To add a message: add one entry here, then its European Portuguese wording in
 * src-renderer/src/i18n/messages/main-text.pt-PT.ts.
 * Parameter values are data (profile names, paths, gateway text): they are interpolated, never compiled.
 * The wording avoids `@`, `|`, `{`/`}` other than parameters (vue-i18n message syntax).
 */
export const MAIN_TEXTS = {
  // Credentials and the file vault
  vaultPassphraseShort: 'The vault passphrase needs at least {min} characters; a longer phrase is safer.',
  vaultExists: 'A credential vault already exists: unlock it with its passphrase.',
  vaultWrongPassphrase: 'That passphrase does not open the credential vault.',
  vaultUnreadable: 'The credential vault {path} cannot be read: {reason}.',
  vaultKdfRefused:
    'The credential vault {path} asks for key-derivation parameters this console refuses ({reason}): the file is damaged or was tampered with. Nothing was derived.',
  vaultMissing:
    'The credential vault file {path} is missing: create a new vault or keep secrets in session memory (Settings).',
  vaultLocked: 'Secrets are in the encrypted file vault, which is locked: unlock it in Settings to use saved profiles.',
  vaultNone: 'There is no credential vault yet: create one first.',
  vaultNotInUse: 'The credential vault is not in use.',
  sessionOnlyWhenMissing: 'Session memory is chosen this way only when the vault file is missing; the vault is in use.',
  // Profiles and production
  profileNotFound: 'There is no profile with id "{id}".',
  profileDuplicateName: 'A profile named "{name}" already exists.',
  profileManaged: '"{name}" is managed by the console and cannot be changed.',
  productionSecretUsedByTest:
    'This {secret} is already used by a test or sandbox profile; production profiles need their own production credentials.',
  productionSecretInTest:
    'This {secret} belongs to a production profile; production credentials must not be used in a {environment} profile.',
  productionConfirmName: '"{name}" is a production profile: type its name to {operation}. {unchanged}',
  productionConfirmMismatch: 'The confirmation names "{typed}", but the production profile is "{name}". {unchanged}',
  productionConfirmCall: '"{name}" is a production profile: confirm the profile name and the amount to send this call.',
  productionCallMismatch: 'The confirmation names "{typed}", but the call would go to production profile "{name}".',
  productionAmountUnknown: 'The amount of this transaction is not known, so it cannot be confirmed.',
  productionAmountMismatch: 'The confirmation says {typed}, but the call is for {amount}.',
  productionPlainHttp:
    '"{name}" is a production profile: its base URL must use https:// (plain http:// is allowed only for this machine, e.g. http://127.0.0.1). Nothing was saved or sent.',
  productionNoOrders:
    'Orders are never sent without validation on a production profile: use a Sandbox or test profile.',
  productionNoHandSignature: 'Signatures cannot be supplied by hand for a production profile.',
  lookupOnlyRefused:
    '"{name}" is a lookup-only profile: it can query statuses but never {operation}. Nothing was sent.',
  lookupOnlyConfirmRelease:
    '"{name}" is lookup-only: type the profile name to let it create orders and move money again.',
  lookupOnlyReleaseMismatch: 'The confirmation names "{typed}", but the profile is "{name}".',
  // Gateway calls
  unknownTransaction:
    'No transactionSignature is stored for {transactionId} on "{name}": follow-up calls work only for orders created by this console with this profile.',
  actionUrlNotReturned:
    "The action was not sent: {url} is not the url the gateway returned for {transactionId}. The step goes only to the url in the gateway's actionResponse.",
  actionUrlNotIssued:
    'The action was not sent: the gateway has not returned an action url for {transactionId} to this console with profile "{name}". The step goes only to the url in the gateway\'s actionResponse.',
  // Simulator, demo and QA
  simulatorNotRunning: 'The embedded simulator is not running.',
  sandboxControlsNeedSimulator: 'Sandbox controls need the embedded simulator, which is not running.',
  demoSeeding: 'The demo is already being seeded.',
  readinessNotProduction: 'The readiness check runs on the test profile before go-live, never against production.',
  qaConfirmProduction: '"{scenario}" polls production profile "{name}": confirm the profile name to run it.',
  qaConfirmMismatch: 'The confirmation names "{typed}", but the run would poll production profile "{name}".',
  qaRunNotFound: 'There is no scenario run {runId} (runs are kept until the console restarts).',
  qaScenarioNotFound: 'There is no scenario "{file}" in the library.',
  forbiddenKey:
    '{path}: "{segment}" cannot be used as a key or path segment (it names JavaScript\'s object machinery, not data).',
  // Notifications and replays
  noWebhookSecretForProfile: 'Profile {profileId} has no webhook secret set.',
  notReplayableRefused:
    'Delivery #{seq} cannot be replayed: the receiver refused it, so it never was an authentic notification. Nothing was sent.',
  notReplayableUnreadable:
    'Delivery #{seq} cannot be replayed: it was never a readable notification. Nothing was sent.',
  notReplayableBytesNotKept:
    'Delivery #{seq} cannot be replayed: the bytes received were not kept (its plaintext held card data). Nothing was sent.',
  notReplayableNoIvTag: 'Delivery #{seq} cannot be replayed: its IV or tag header was not kept. Nothing was sent.',
  notReplayableBytesMismatch:
    'Delivery #{seq} cannot be replayed: its journaled bytes do not decrypt to the notification received, with the profile’s webhook secret. Nothing was sent.',
  tooManySends:
    'This replay would POST {planned} notifications; at most {max} are sent in one replay. Nothing was sent.',
  duplicateDelivery: 'Delivery #{seq} is listed more than once; use “As duplicates” to send copies. Nothing was sent.',
  deliveryNotFound: 'There is no journaled delivery #{seq}. Nothing was sent.',
  mixedProfiles:
    'The selected deliveries belong to {profiles} different profiles; replay the notifications of one profile at a time. Nothing was sent.',
  replayProfileGone:
    'The profile that accepted these notifications no longer exists, so there is no webhook to re-deliver them to. Nothing was sent.',
  noWebhookUrl:
    '"{name}" has no webhook URL: set the shop’s notification URL in the profile to replay its notifications there. Nothing was sent.',
  noWebhookSecret:
    '"{name}" has no webhook secret available, so the notifications cannot be proven authentic. Nothing was sent.',
  nothingReceived:
    'The console has received no notification for "{name}" yet. Point the gateway\'s notifications for this profile at the console\'s receiver and make a test payment, then check again. Nothing was sent.',
  // The call boundary (dispatcher, IPC, loopback host)
  unknownMethod: 'There is no ConsoleApi method named {method}.',
  invalidInput: 'Invalid input for {method}: {issues}',
  invalidOutput: '{method} produced a result that does not match the contract.',
  internalError: '{method} failed unexpectedly: {error}',
  forbiddenSender: 'This caller is not the Gateway Console window.',
  hostBadPath: 'Paths may not contain `.` or `..` segments or broken escapes.',
  hostNoCrossOrigin: 'Cross-origin requests are not supported.',
  hostTokenRequired: 'A valid session token is required.',
  hostPostOnly: 'ConsoleApi calls use POST.',
  hostJsonOnly: 'ConsoleApi calls send application/json.',
  hostNoRoute: 'No API route {path}.',
  hostGetOnly: 'Only GET and HEAD are served here.',
  hostFailed: 'The console host failed to answer this request.',
  // Where secrets are kept (the keychain status in the top bar and Settings)
  keychainOs: 'Secrets are stored in the OS keychain.',
  keychainSessionOnly:
    'The OS keychain is not available: secrets are kept in memory and forgotten when the console quits.',
  keychainSessionOnlyWhy:
    'The OS keychain is not available: secrets are kept in memory and forgotten when the console quits. ({reason})',
  keychainFile:
    'Kept in a file of the user-data folder (only for values that are not secrets, like the Sandbox credentials).',
  vaultUnlocked: 'Secrets are kept in an encrypted file vault (scrypt + AES-256-GCM), unlocked with your passphrase.',
  // Requests the SDK refuses to send
  secretsOriginMismatch:
    "The request was not sent: the profile's token and client id were saved for {bound}, and this request would go to {target}. Enter them again for the new address.",
  missingCredential: 'The request was not sent: the profile has no {what}. Set it in the profile first.',
  actionUrlInvalid: 'The action was not sent: url "{url}" is not a URL.',
  actionUrlScheme: 'The action was not sent: url must be http or https.',
  // Payment guards (main's own record of a transaction)
  overrideNotAllowed:
    'QA overrides are accepted only on Sandbox and test profiles; "{name}" is a production profile. Nothing was sent.',
  paymentFinal:
    '{transactionId} is final: main learned its status {status} at {learnedAt} (from a {source} answer). A final payment never changes, so nothing was sent.',
  duplicateMerchantIdUsed:
    'merchantTransactionId "{merchantTransactionId}" is already used on "{name}" by transaction {transactionId} (created {createdAt}). Use a new merchantTransactionId; nothing was sent.',
  duplicateMerchantIdUnanswered:
    'The create with merchantTransactionId "{merchantTransactionId}" sent on "{name}" at {sentAt} got no answer, so the order may exist: find it (History, notifications, a status query) before creating it again. Nothing was sent.',
  duplicateMerchantIdPending:
    'An order with merchantTransactionId "{merchantTransactionId}" is being created on "{name}" right now; wait for its answer. Nothing was sent.',
  // Support desk
  revealUnknownTransaction:
    'The console knows no transaction {transactionId}: only a transaction it created can have a field revealed. Nothing was logged.',
  revealNoCustomerData:
    'The console holds no {field} for {transactionId}, so there is nothing to reveal. Nothing was logged.',
  lookupCopySourceGone:
    '"{name}" looks up with the address and credentials of a profile that no longer exists; set its own or delete it.',
  // Browser-mode host and QA evidence
  hostSessionEnded: 'This tab belongs to an earlier run of the console: open the new address it printed.',
  evidenceNotBase64: 'The attached file "{name}" did not arrive as base64 data.',
  // Main's record (journal of exchanges and notifications)
  recordNotWritten:
    'The console could not write its record {path}: calls still work, but History in another window or after a restart will miss them.',
  recordUnreadableLines:
    'The console’s record {path} has {count} line(s) it cannot read (a write cut short by a crash, or an edited line): they are skipped and kept in the file; the rest of History is intact.',
  // Files main keeps in the user-data folder (settings, order templates, test sessions)
  storedFileTooLarge:
    'The file {path} is {bytes} bytes, more than the {limit} the console reads; it was kept as {backup} and the console started without what it held.',
  storedFileUnreadable:
    'The file {path} could not be read ({reason}); it was kept as {backup} and the console started without what it held.',
  storedFileNotJson: 'it is not JSON: {reason}',
  storedFileTooDeep: 'it nests more than {limit} levels deep',
  storedRecordInvalid:
    '{name} in {path} is invalid ({issue}) and was set aside in the file\'s "quarantined" list; the others are in use.',
  templateNotFound: 'There is no order template with id "{id}".',
  templateTooLarge:
    'The order template "{name}" is {bytes} bytes; a template may hold at most {limit}. Nothing was saved.',
  testSessionNotFound: 'There is no test session with id "{id}".',
  testSessionExists: 'A test session with id "{id}" already exists.',
  // Sandbox worlds
  worldIdInvalid: '"{id}" is not a name the console gives its Sandbox worlds.',
  worldNotFound:
    'The Sandbox world "{id}" does not exist (any more): its run or session was deleted, or the demo ended.',
  qaRunStillRunning: 'The scenario run is still under way: stop it before deleting it.',
  // What an exchange's answer means (summary) and what to do next (suggested action)
  exchangeBodyEmpty: 'the body is empty',
  exchangeBodyMalformed: 'the JSON body is cut off or malformed',
  exchangeBodyHtml: 'the body is an HTML page, not JSON',
  exchangeBodyNotJson: 'the body is not JSON',
  exchangeWaitSeconds: 'the gateway asks to wait {seconds} s',
  exchangeMayHaveProcessed: 'the gateway may have processed the request',
  exchangeHttpBut: 'HTTP {status} but',
  exchangeNoReturnStatus: 'the body has no returnStatus.statusCode',
  exchangeHttpWithError: 'HTTP {status} with error',
  exchangeLargerThanCap: 'the answer is larger than {bytes} bytes (cut off there)',
  exchangeNestedTooDeep: 'the answer is nested deeper than {levels} levels',
  exchangeItSays: 'it says {fields}',
  exchangeNoCompleteAnswer: 'No complete answer',
  exchangeTimedOut: 'Timed out',
  exchangeNetworkError: 'Network error',
  exchangeConnectWithin: 'could not connect within {ms} ms',
  exchangeConnectWithinDeadline: "could not connect within {ms} ms (the call's deadline)",
  exchangeDeadlineWaiting: 'the {ms} ms deadline ran out waiting for the answer (connect and headers)',
  exchangeDeadlineReceiving: 'the {ms} ms deadline ran out receiving the body',
  adviceHttp400: 'Correct the request syntax.',
  adviceHttp401: 'Check the credentials in the back office and create a new token if needed.',
  adviceHttp403: 'Check the client id; if the problem continues, ask support for a reset.',
  adviceHttp404: 'The gateway does not know this transaction: check the transaction id and the profile.',
  adviceHttp405: 'Use the correct method.',
  adviceHttp409: 'The transaction is not in a state that allows this call: query its status first.',
  adviceHttp429: 'Reduce the call rate.',
  adviceHttp500: 'Retry; contact support if it persists.',
  adviceHttp503: 'Wait and retry later.',
  adviceHttp5xx: 'Retry later; contact support if it persists.',
  adviceHttpOther: 'Check the request against the spec.',
  adviceOutcomeUnknown:
    'Query the status before doing anything; do not resend: the gateway may already have processed the request.',
  adviceOutcomeUnknownCreate:
    'Do not resend: the order may exist. Find it by its merchantTransactionId in History or by its notification, and query the status before doing anything.',
  adviceCheckRawBody: 'Check the raw body and the profile’s base URL and path prefix.',
  adviceTryAgainSoon: 'The gateway asks to try again in a moment.',
  adviceSeeStatusMsg: 'See statusMsg and statusDescription.',
  adviceOnlyFieldsShown: 'Only the fields shown could be read from the answer.',
  adviceAnswerNotWhole: 'The answer could not be read whole: check the raw body, and the gateway with its operator.',
  adviceRetryCheckAvailability: 'Try again; if it keeps failing check the gateway’s availability.',
  adviceCheckBaseUrl: 'Check the base URL and that the gateway is reachable, then try again (nothing was sent).',
  // Start-up notices
  signaturesUnreadableAll:
    'Stored transaction signatures could not be decrypted (kept as {backup}); follow-up calls for earlier transactions need a new order.',
  signaturesUnreadableSome:
    '{count} stored transaction signature record(s) could not be decrypted (kept as {backup}); follow-up calls for those transactions need a new order.',
  // Decrypting a merchant notification (the decrypt tool, replays); {field} is one of the crypto field names
  cryptoFieldSecret: 'The webhook secret',
  cryptoFieldIv: 'The IV (X-Initialization-Vector)',
  cryptoFieldTag: 'The authentication tag (X-Authentication-Tag)',
  cryptoFieldBody: 'The body',
  cryptoMissing: '{field} is missing.',
  cryptoBodyEmpty: 'The body is empty: there is nothing to decrypt.',
  cryptoNotBase64Length: '{field} is not base64: its length does not fit base64 (truncated or padded wrongly).',
  cryptoNotBase64Url:
    '{field} is not base64: it uses the base64url alphabet ("-" or "_"); the gateway uses standard base64 ("+" and "/").',
  cryptoNotBase64Padding: '{field} is not base64: it has too much "=" padding.',
  cryptoNotBase64Char: '{field} is not base64: it has a character base64 does not use (at position {position}).',
  cryptoNotBase64CharShown:
    '{field} is not base64: it has a character base64 does not use ({character} at position {position}).',
  cryptoWrongLength: '{field} decodes to {bytes} bytes; AES-256-GCM here needs exactly {expected}.',
  cryptoWrongLengthHex:
    '{field} decodes to {bytes} bytes; AES-256-GCM here needs exactly {expected}. It looks like hex; the back office shows the secret as base64 text.',
  cryptoAuthFailed:
    'Authentication failed: the secret is not the one this notification was encrypted with, or the tag, IV or body was altered.',
  cryptoNotUtf8: 'The decrypted plaintext is not valid UTF-8 text.',
  cryptoTooDeep: 'The decrypted plaintext is JSON nested deeper than {levels} levels.',
  cryptoNotJson: 'The decrypted plaintext is not JSON ({reason}).',
  // The simulator's control refusals, as the console's Simulator and Sandbox controls show them
  simClockRange: 'advanceSeconds: must be a number of seconds from 0 to {max} (400 days)',
  simTransactionUnknown: 'Transaction {transactionId} does not exist.',
  simNoExtraStep: 'Transaction {transactionId} has no extra step (actionResponse) to wait for; it cannot be Partial.',
  simFinalStatus: 'Transaction {transactionId} is {from}, a final status; it cannot become {to}.',
  simCannotMove: 'Transaction {transactionId} cannot move from {from} to {to}.',
  simNothingToRedeliver: 'No notification of {transactionId} was sent yet: there is nothing to redeliver.',
  // QA evidence
  evidenceTooLarge:
    'The evidence of one answer is {bytes} bytes; at most {max} bytes are kept. Attach a smaller screenshot. Nothing was kept.',
  // Discarding a world from the Simulator screen
  worldDiscardDemo: 'The demo’s world goes with End demo, not from here.',
  worldDiscardNotOwn:
    '"{id}" is not a run’s or QA session’s world: only those can be discarded here (never your Sandbox).',
  // The recording proxy (shop testing)
  proxySandboxProfile:
    '"{name}" is a Sandbox profile: point the shop at the Sandbox itself, whose worlds record its calls. The proxy forwards to a test environment.',
  proxyAlreadyRunning: 'The recording proxy already runs for "{name}" at {apiUrl}. Stop it first.',
  proxyNothingRecorded: 'The proxy recorded no interface call that a scenario can replay. Nothing was saved.',
  proxyNoRecording: 'There is no recording: start the proxy and let the shop make its calls first.',
  proxyPortInUse: 'Port {port} is taken on this machine; choose another or leave it empty for a free one.',
  // Team workspace (PostgreSQL)
  workspaceSchemaTooNew:
    'This workspace was upgraded by a newer Gateway Console (schema {found}); this console understands up to {supported}. Update this console to use it. Nothing was changed.',
  teamUrlNotUrl:
    'The workspace address is not a URL: write it as postgres://, then the login, the host, the port and the database.',
  teamUrlScheme: 'The workspace address must start with postgres:// (or postgresql://).',
  teamUrlOptions: 'The workspace address takes no options after ? or #: choose TLS with its own setting.',
  teamUrlNoLogin: 'The workspace address names no login role (the name before the host).',
  teamUrlNoHost: 'The workspace address names no host.',
  teamUrlNoDatabase: 'The workspace address names no database (after the last /).',
  teamUrlHasPassword:
    'The workspace address holds a password: remove it from the address and type it in the password field (it is kept in the keychain or vault, never in a file). Nothing was saved.',
  teamCaMissing: 'TLS verify-full needs the CA certificate file that signed the database server’s certificate.',
  teamCaUnreadable: 'The CA certificate file {path} cannot be read ({reason}).',
  teamNotConfigured: 'No team workspace is configured: the console works alone.',
  teamNoPassword: 'No password is kept for the workspace login: type it in Settings › Team workspace.',
  teamLoginRefused: 'The database refused the workspace login or its password.',
  teamUnreachable: 'The team workspace cannot be reached ({reason}); work queues here and is shared on reconnect.',
  teamDisconnected: 'Disconnected from the team workspace; work queues here until you connect again.',
  teamConnectionLost: 'The connection to the team workspace was lost; reconnecting. Work queues here meanwhile.',
  teamWriteRefused:
    'The team workspace refused {count} queued entries (last: SQLSTATE {sqlState}, e.g. a note outside your scope): they stay queued here and in this console’s own files.',
  teamWriteWaiting:
    '{count} queued entries are about transactions the team workspace does not hold (or this login may not see): they stay queued and are tried again on the next connection.',
  teamTlsRefused:
    'The team workspace’s certificate does not verify against the CA file ({reason}): the console did not connect, so nothing was sent. Check the CA file and the host name.',
  teamOffline: 'The team workspace is not connected: search it once it is (Settings › Team workspace).',
  teamPasswordLocked:
    'The workspace login’s password is in the keychain or vault, which cannot be read now (locked): the console connects by itself once it is unlocked.',
  teamRevealNotAllowed:
    'The team workspace refused to record this reveal: only leads may reveal customer data. Nothing was revealed.',
  teamRevealUnreachable:
    'The team workspace could not record this reveal ({reason}): a reveal is never shown without its audit entry, so nothing was revealed. Try again once the workspace is reachable.',
  teamRevealRefused:
    'The team workspace refused to record this reveal (SQLSTATE {sqlState}, e.g. the transaction is outside your scope there): nothing was revealed.',
  teamAuditLeadsOnly: 'Only leads may read the audit trail: the team workspace refused this login.',
  teamAuditBrokenContent: 'Entry seq {seq} was changed after it was written: its content no longer matches its hash.',
  teamAuditBrokenLink:
    'Entry seq {seq} does not follow entry seq {previousSeq}: an entry between them was removed or inserted, or the earlier one was rewritten.',
  teamAuditBrokenFirst: 'Entry seq {seq} does not start the chain: an entry before it was removed.',
  teamAuditBrokenOrder: 'Entry seq {seq} comes after seq {previousSeq}: sequence numbers must increase.',
  teamAuditBrokenTail:
    'The trail ends at seq {previousSeq}, but the database recorded entry seq {seq} as its newest: the newest entries were removed.',
  // The shop under test (issue 29)
  shopWebhookInvalid:
    'The shop’s webhook URL must be an http:// or https:// address without a user name or password ({reason}). The previous one is kept.',
  shopNeedsSimulator: 'The shop’s world lives in the embedded simulator, which is not running.',
  shopSessionNotOwner:
    'The test session "{name}" was not started on the shop world, so it holds no shop traffic to certify. Start a session on a “Shop under test” profile.',
  shopPortChanged:
    'The Sandbox could not take its previous port {port} again (another program uses it): the shop’s base URL changed to {url}. Update the shop’s configuration.',
} as const satisfies Record<string, string>;

export type MainTextId = keyof typeof MAIN_TEXTS;
/**
 * A parameter is outside data (text, a number) or, one level deep, a registered text of its own (a
 * field's name, a reason) that the renderer words in the same language as the sentence around it.
 */
export type MainTextParams = Record<
  string,
  string | number | { id: MainTextId; params: Record<string, string | number> }
>;

export interface MainText {
  id: MainTextId;
  params: MainTextParams;
}

export const isMainTextId = (id: string): id is MainTextId => Object.prototype.hasOwnProperty.call(MAIN_TEXTS, id);

/** The `{name}` parameters a template uses, in order of appearance. */
export const templateParams = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** A message by id; every parameter its English wording names must be given (checked by the type of `params`). */
export const mainText = (id: MainTextId, params: MainTextParams = {}): MainText => ({ id, params });

/** The English sentence, for `message` (CLI, logs, and a renderer that does not know the id yet). */
export function englishOf(text: MainText): string {
  const template: string = MAIN_TEXTS[text.id];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(text.params, name)) return whole;
    const value = text.params[name]!;
    return typeof value === 'object' ? englishOf(value) : String(value);
  });
}
