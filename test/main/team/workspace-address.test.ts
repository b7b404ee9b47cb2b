/**
 * The workspace address (issue 30): a password never goes into the saved address, and a bad address is
 * refused with a specific, translatable reason.
 */
import { describe, expect, it } from 'vitest';
import type { ConsoleFailure } from '@shared/result';
import { clientConfig, parseWorkspaceUrl } from '../../../src-main/team/workspace-address';

const failure = (text: string): ConsoleFailure => {
  try {
    parseWorkspaceUrl(text);
  } catch (error) {
    return error as ConsoleFailure;
  }
  throw new Error(`${text} was accepted`);
};

describe('team workspace address', () => {
  it('team workspace address: an address holding a password is refused, so it is never written to a file', () => {
    const error = failure('postgres://alice:hunter2-secret@db.example:5432/desk');
    expect(error.code).toBe('team-url-password');
    expect(error.message).not.toContain('hunter2-secret');
  });

  it('team workspace address: login, host, port and database are read; the kept form has no password', () => {
    expect(parseWorkspaceUrl('postgresql://desk%20agent@db.example:6543/support')).toEqual({
      url: 'postgres://desk%20agent@db.example:6543/support',
      login: 'desk agent',
      host: 'db.example',
      port: 6543,
      database: 'support',
    });
  });

  it.each([
    ['db.example/desk', 'teamUrlNotUrl'],
    ['mysql://alice@db.example/desk', 'teamUrlScheme'],
    ['postgres://db.example/desk', 'teamUrlNoLogin'],
    ['postgres://alice@db.example/', 'teamUrlNoDatabase'],
    ['postgres://alice@db.example/desk?sslmode=disable', 'teamUrlOptions'],
  ])('team workspace address: %s is refused with %s', (url, id) => {
    const error = failure(url);
    expect(error.code).toBe('team-url-invalid');
    expect(error.text?.id).toBe(id);
  });

  it('team workspace address: verify-full checks the certificate and the host name; without a CA it is refused', () => {
    const address = parseWorkspaceUrl('postgres://alice@db.example/desk');
    expect(() => clientConfig(address, 'pw', { mode: 'verify-full', caPath: null })).toThrow(/CA certificate/);
    expect(() => clientConfig(address, 'pw', { mode: 'verify-full', caPath: '/nonexistent/ca.pem' })).toThrow(
      /cannot be read/,
    );
    expect(clientConfig(address, 'pw', { mode: 'require', caPath: null }).ssl).toEqual({ rejectUnauthorized: false });
    expect(clientConfig(address, 'pw', { mode: 'disable', caPath: null }).ssl).toBe(false);
  });
});
