import { describe, expect, it } from 'vitest';
import type { ConnectionTest } from '@shared/contract/profiles';
import type { Exchange } from '@shared/exchange';
import { makeExchange } from '../db/fixtures';
import { describeConnectionTest } from '../../../src-renderer/src/features/profiles/connection-verdict';

const exchange = (status: number | null, suggestedAction: string | null): Exchange =>
  makeExchange({
    response: status === null ? null : { status, headers: {}, bodyText: '{}' },
    classification: status === null ? 'network' : 'http-error',
    summary: status === null ? 'Connection refused' : `HTTP ${status}`,
    suggestedAction,
  });

const test = (verdict: ConnectionTest['verdict'], ex: Exchange | null): ConnectionTest => ({
  verdict,
  message: 'from main',
  exchange: ex,
});

describe('connection test verdicts', () => {
  it('401 names the bearer token, with the spec’s suggested action', () => {
    const v = describeConnectionTest(
      test('credentials-rejected', exchange(401, 'Check the credentials in the back office')),
    );
    expect(v.title).toBe('Wrong bearer token (HTTP 401 Unauthorized)');
    expect(v.action).toBe('Check the credentials in the back office');
  });

  it('403 names the client id', () => {
    const v = describeConnectionTest(test('credentials-rejected', exchange(403, 'Check the client id')));
    expect(v.title).toBe('Wrong client id (HTTP 403 Forbidden)');
    expect(v.action).toBe('Check the client id');
  });

  it('an unreachable host points at the base URL', () => {
    const v = describeConnectionTest(test('unreachable', exchange(null, null)));
    expect(v.title).toBe('Gateway unreachable');
    expect(v.action).toMatch(/base URL/);
  });

  it('ok is a success', () => {
    expect(describeConnectionTest(test('ok', exchange(404, null))).kind).toBe('success');
  });
});
