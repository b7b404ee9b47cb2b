/** The recording proxy panel (features/shop/ProxyPanel.vue). Spread under the root in en.ts. */
export default {
  shopProxy: {
    title: 'Recording proxy to a test environment',
    intro:
      'Point the shop at the proxy address instead of the gateway’s test environment: each call is forwarded once to the profile’s address, answered as the gateway answered, and recorded (credentials masked).',
    profile: 'Forward to profile',
    noProfiles: 'No test profile yet: add one in Profiles (the Sandbox records a shop by itself).',
    port: 'Port (empty for a free one)',
    confirmProduction: 'Type the production profile’s name to forward real payments to it',
    start: 'Start proxy',
    stop: 'Stop proxy',
    running: 'Recording for “{name}” → {target}',
    stopped: 'The proxy is not running.',
    address: 'Shop’s gateway base URL',
    copyAddress: 'Copy the proxy address',
    calls: 'Calls recorded: {count}',
    findings: 'Findings so far: {count}',
    saveHeading: 'Save as scenario',
    fileName: 'File name (saved under recorded/)',
    scenarioName: 'Scenario name',
    save: 'Save as scenario',
    saved: 'Saved {file} with {steps} step(s).',
    skipped: '{count} recorded call(s) left out (not replayable or unsafe as data).',
  },
};
