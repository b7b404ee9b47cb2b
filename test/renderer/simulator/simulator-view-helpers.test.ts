import { describe, expect, it } from 'vitest';
import {
  completionTargets,
  customAdvance,
  describeApi,
  describeFailure,
  formatDuration,
  relativeToClock,
} from '../../../src-renderer/src/features/simulator/simulator-view';

describe('Simulator panel helpers', () => {
  it('offers no completion for finals or unknown statuses', () => {
    for (const status of ['Success', 'Declined', 'Error', 'Timeout', 'Expired', 'Paid'])
      expect(completionTargets(status)).toEqual([]);
    expect(completionTargets('Partial')).toEqual(['InProcessing', 'Success', 'Declined']);
  });

  it('turns the custom clock field into seconds or names what is wrong', () => {
    expect(customAdvance(90, 'minutes')).toEqual({ seconds: 5400 });
    expect(customAdvance(1.5, 'hours')).toEqual({ seconds: 5400 });
    expect(customAdvance(400, 'days')).toEqual({ seconds: 400 * 86_400 });
    expect(customAdvance(null, 'minutes')).toEqual({ error: 'Enter how far to move the clock.' });
    expect(customAdvance(0, 'seconds')).toEqual({ error: 'The clock only moves forward: enter a number above 0.' });
    expect(customAdvance(-5, 'hours')).toEqual({ error: 'The clock only moves forward: enter a number above 0.' });
    expect(customAdvance(401, 'days')).toEqual({ error: 'One jump can be at most 400 days.' });
  });

  it('reads durations and expiry against the simulator clock', () => {
    expect(formatDuration(0)).toBe('+0 s');
    expect(formatDuration(93_905)).toBe('+1 d 2 h 5 min 5 s');
    expect(formatDuration(-3600)).toBe('−1 h');
    expect(relativeToClock('2026-01-01T00:30:00Z', '2026-01-01T00:00:00Z')).toBe('in 30 min');
    expect(relativeToClock('2026-01-01T00:00:00Z', '2026-01-01T00:00:01Z')).toBe('passed');
  });

  it('reads base path and version off the API address', () => {
    expect(describeApi('http://127.0.0.1:4010', 'http://127.0.0.1:4010/api/v2')).toEqual({
      basePath: '/api',
      version: 'v2',
    });
    expect(describeApi('http://h:1', 'http://h:1/gw/x/v3/payments')).toEqual({ basePath: '/gw/x', version: 'v3' });
    expect(describeApi('http://h:1', 'http://h:1/v2')).toEqual({ basePath: '/', version: 'v2' });
    expect(describeApi(null, null)).toBeNull();
  });

  it('names the kind of refusal and keeps the simulator statusCode', () => {
    expect(describeFailure({ code: 'conflict', message: 'Transaction is final', details: { statusCode: '409' } })).toBe(
      'Refused (409): Transaction is final [409]',
    );
    expect(describeFailure({ code: 'weird', message: 'Boom' })).toBe('Failed (weird): Boom');
  });
});
