import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { redactHeaders } from '@shared/redact-export';
import { CallRedactor } from '../../../src-main/gateway/redaction';

const CLIENT_ID_HEADER = 'X-Platform-Client-Id';
/** Main's SDK masking of a call's headers, with no secret known in advance (the structural rule only). */
const sdkMasked = (headers: Record<string, string>) =>
  new CallRedactor({ credentials: [] }, CLIENT_ID_HEADER).credentialHeaders(headers);

describe('one secret mask for main and the export', () => {
  it.each(['Bearer abcdefgh', 'Bearer 1234567890abcdef', 'Basic dXNlcjpwYXNz', 'abcdefgh', 'tok12'])(
    'defect: an imported record’s secret and main’s SDK masked the same header two different ways (%s)',
    (value) => {
      const headers = { Authorization: value, [CLIENT_ID_HEADER]: value };
      const sdk = sdkMasked(headers);
      // An old or imported record that still holds the secret gets what main would have recorded…
      expect(redactHeaders(headers)).toEqual(sdk);
      // …and what main recorded passes the export's last check unchanged.
      expect(redactHeaders(sdk)).toEqual(sdk);
    },
  );

  it('property: whatever the secret, neither side shows more than its last 4 characters', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 60 }).filter((s) => !s.includes('•')),
        (secret) => {
          const value = `Bearer ${secret}`;
          const exported = redactHeaders({ Authorization: value }).Authorization!;
          expect(exported).toBe(sdkMasked({ Authorization: value }).Authorization);
          expect(exported).toMatch(/^Bearer ••••.{0,4}$/s);
        },
      ),
      { numRuns: 300 },
    );
  });
});
