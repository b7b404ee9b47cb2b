/** Where credentials may go (issue 25): the profile form's warnings and main's refusals, translated by code. */
const credentials = {
  originChange:
    'Changing the address clears the saved token and client id: they were saved for {origin}. Enter them again below to use them at {newOrigin}.',
  productionNameLabel: 'Type the profile name “{name}” to save this production profile',
  productionNameHint:
    'Saving a production profile decides where production credentials go, so it needs the name typed, as a production call does.',
  productionHttp: 'A production profile needs https:// (plain http:// only for this machine, e.g. http://127.0.0.1).',
  error: {
    productionNameRequired: '“{name}” is a production profile: type its name to save it. Nothing was saved.',
    productionNameMismatch: 'The name typed is not “{name}”, the production profile’s name. Nothing was saved.',
    productionPlainHttp:
      '“{name}” is a production profile: its base URL must use https:// (plain http:// only for this machine). Nothing was saved or sent.',
    secretsOriginMismatch:
      'Not sent: this profile’s token and client id were saved for {bound}, not for {target}. Enter them again for the new address.',
    actionUrlNotIssued:
      'Not sent: the action step goes only to the url the gateway returned for this transaction ({transactionId}).',
  },
  secretsWhere: {
    keychain: 'Secrets (write-only: stored in the OS keychain, never shown back)',
    vault: 'Secrets (write-only: stored in the encrypted vault file, never shown back)',
    session:
      'Secrets (write-only, never shown back): there is no keychain here, so they are kept in memory only and forgotten when the console quits — choose the vault in Settings to keep them',
    unknown: 'Secrets (write-only, never shown back)',
  },
};

export default credentials;
