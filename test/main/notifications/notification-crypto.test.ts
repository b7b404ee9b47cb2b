import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decryptNotification,
  encryptNotification,
  generateWebhookSecret,
  NotificationCryptoError,
} from '../../../src-main/notifications/notification-crypto';

const secret = Buffer.alloc(32, 7).toString('base64');
const sample = JSON.stringify({ notificationID: '6c0a1b9e-2f0e-4d55-9f7e-0a2b3c4d5e6f', paymentStatus: 'Success' });

/** Encrypts with node directly, so the tests do not only check our encrypt against our decrypt. */
function referenceEncrypt(key: Buffer, iv: Buffer, clear: Buffer) {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(clear), cipher.final()]);
  return { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), body: body.toString('base64') };
}

const expectError = (outcome: ReturnType<typeof decryptNotification>, code: string) => {
  expect(outcome.ok).toBe(false);
  if (!outcome.ok) {
    expect(outcome.error.code).toBe(code);
    expect(outcome.error.message.length).toBeGreaterThan(10);
  }
  return outcome.ok ? '' : outcome.error.message;
};

/** Flips one bit of a base64 value. */
const flip = (b64: string, byte = 0): string => {
  const bytes = Buffer.from(b64, 'base64');
  bytes[byte] = (bytes[byte] ?? 0) ^ 1;
  return bytes.toString('base64');
};

describe('notification crypto', () => {
  it('decrypts what the gateway scheme produces (tag in its own header, body = ciphertext only)', () => {
    const key = randomBytes(32);
    const wire = referenceEncrypt(key, randomBytes(12), Buffer.from(sample, 'utf8'));
    const outcome = decryptNotification({ secret: key.toString('base64'), ...wire });
    expect(outcome).toEqual({ ok: true, plaintext: sample, json: JSON.parse(sample) });
  });

  it('encrypts so that the reference decipher (no AAD, 16-byte tag) reads it, with the IV it was given', () => {
    const iv = Buffer.alloc(12, 3).toString('base64');
    const wire = encryptNotification({ secret, plaintext: sample, iv });
    expect(wire.iv).toBe(iv);
    expect(Buffer.from(wire.tag, 'base64')).toHaveLength(16);
    // Ciphertext only: GCM is a stream mode, so it is exactly as long as the UTF-8 plaintext.
    expect(Buffer.from(wire.body, 'base64')).toHaveLength(Buffer.byteLength(sample));
    expect(decryptNotification({ secret, ...wire })).toMatchObject({ ok: true, plaintext: sample });
  });

  it('uses a fresh IV every time when none is given', () => {
    const a = encryptNotification({ secret, plaintext: sample });
    const b = encryptNotification({ secret, plaintext: sample });
    expect(a.iv).not.toBe(b.iv);
    expect(a.body).not.toBe(b.body);
  });

  it('round-trips any JSON text, including non-ASCII', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.uint8Array({ minLength: 32, maxLength: 32 }), (value, key) => {
        const plaintext = JSON.stringify({ v: value, name: 'Loja São João €' });
        const k = Buffer.from(key).toString('base64');
        const outcome = decryptNotification({ secret: k, ...encryptNotification({ secret: k, plaintext }) });
        expect(outcome).toMatchObject({ ok: true, plaintext });
      }),
      { numRuns: 100 },
    );
  });

  it('tolerates whitespace and line breaks in pasted values', () => {
    const wire = encryptNotification({ secret, plaintext: sample });
    const wrapped = wire.body.replace(/(.{16})/g, '$1\n');
    expect(
      decryptNotification({ secret: ` ${secret}\n`, iv: `${wire.iv} `, tag: `\t${wire.tag}`, body: wrapped }).ok,
    ).toBe(true);
  });

  describe('classifies every bad input', () => {
    const wire = encryptNotification({ secret, plaintext: sample });

    it('wrong key → authentication failed', () => {
      const message = expectError(
        decryptNotification({ ...wire, secret: generateWebhookSecret() }),
        'authentication-failed',
      );
      expect(message).toMatch(/secret/);
    });
    it('tampered tag, body or IV → authentication failed', () => {
      expectError(decryptNotification({ secret, ...wire, tag: flip(wire.tag) }), 'authentication-failed');
      expectError(decryptNotification({ secret, ...wire, body: flip(wire.body, 5) }), 'authentication-failed');
      expectError(decryptNotification({ secret, ...wire, iv: flip(wire.iv) }), 'authentication-failed');
    });
    it('a body with the tag appended (a common integration mistake) fails authentication', () => {
      const glued = Buffer.concat([Buffer.from(wire.body, 'base64'), Buffer.from(wire.tag, 'base64')]).toString(
        'base64',
      );
      expectError(decryptNotification({ secret, ...wire, body: glued }), 'authentication-failed');
    });
    it('non-base64 values, naming the field (and never echoing secret characters)', () => {
      expect(
        expectError(decryptNotification({ ...wire, secret: 'not*base64!' + secret.slice(11) }), 'secret-not-base64'),
      ).not.toMatch(/\*|!/);
      expect(expectError(decryptNotification({ secret, ...wire, iv: 'AAAA%AAAAAAAAAAA' }), 'iv-not-base64')).toMatch(
        /"%"/,
      );
      expectError(decryptNotification({ secret, ...wire, tag: 'ab$c' }), 'tag-not-base64');
      expectError(decryptNotification({ secret, ...wire, body: '{"json":"not encrypted"}' }), 'body-not-base64');
      expectError(decryptNotification({ secret, ...wire, body: 'QUJDR' }), 'body-not-base64');
      expect(expectError(decryptNotification({ secret, ...wire, iv: 'AA=A' }), 'iv-not-base64')).toMatch(
        /"=" at position 3/,
      );
      expect(expectError(decryptNotification({ secret, ...wire, tag: 'AA===' }), 'tag-not-base64')).toMatch(/padding/);
    });
    it('base64url instead of base64 is named as such', () => {
      const urlSafe = Buffer.alloc(32, 0xfb).toString('base64url');
      expect(expectError(decryptNotification({ ...wire, secret: urlSafe }), 'secret-not-base64')).toMatch(/base64url/);
    });
    it('wrong key, IV and tag lengths, with the byte counts', () => {
      expect(
        expectError(
          decryptNotification({ ...wire, secret: Buffer.alloc(16).toString('base64') }),
          'secret-wrong-length',
        ),
      ).toMatch(/16 bytes.*32/);
      expect(expectError(decryptNotification({ ...wire, secret: 'ab'.repeat(32) }), 'secret-wrong-length')).toMatch(
        /hex/,
      );
      expectError(decryptNotification({ secret, ...wire, iv: Buffer.alloc(16).toString('base64') }), 'iv-wrong-length');
      expectError(
        decryptNotification({ secret, ...wire, tag: Buffer.alloc(12).toString('base64') }),
        'tag-wrong-length',
      );
    });
    it('missing secret, IV or tag; empty body', () => {
      expectError(decryptNotification({ ...wire, secret: '' }), 'secret-missing');
      expectError(decryptNotification({ secret, ...wire, iv: '  ' }), 'iv-missing');
      expectError(decryptNotification({ secret, ...wire, tag: '' }), 'tag-missing');
      expectError(decryptNotification({ secret, ...wire, body: '' }), 'body-empty');
      expectError(decryptNotification({ secret, ...wire, body: '\n' }), 'body-empty');
    });
    it('plaintext that is not UTF-8 or not JSON', () => {
      const key = Buffer.from(secret, 'base64');
      const latin1 = referenceEncrypt(key, randomBytes(12), Buffer.from([0x7b, 0xe9, 0x7d]));
      expectError(decryptNotification({ secret, ...latin1 }), 'plaintext-not-utf8');
      const text = encryptNotification({ secret, plaintext: 'paymentStatus=Success' });
      expectError(decryptNotification({ secret, ...text }), 'plaintext-not-json');
    });
    it('values of the wrong type (hostile callers) are classified, not thrown', () => {
      const hostile = { secret: 42, iv: null, tag: {}, body: [] } as unknown as Parameters<
        typeof decryptNotification
      >[0];
      expectError(decryptNotification(hostile), 'secret-missing');
    });
  });

  it('encrypt refuses a bad secret or IV with the same classified error', () => {
    expect(() => encryptNotification({ secret: 'c2hvcnQ=', plaintext: sample })).toThrow(NotificationCryptoError);
    try {
      encryptNotification({ secret, plaintext: sample, iv: 'AAAA' });
    } catch (error) {
      expect(error).toBeInstanceOf(NotificationCryptoError);
      expect((error as NotificationCryptoError).code).toBe('iv-wrong-length');
    }
    expect.assertions(3);
  });
});
