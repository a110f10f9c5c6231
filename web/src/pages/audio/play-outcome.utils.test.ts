import { describe, expect, it } from 'vitest';
import { outcomeParams, outcomeView } from './play-outcome.utils';

const answer = (outcome: 'acknowledged' | 'refused' | 'unsupported' | 'noAnswer') => ({
  outcome,
  reason: outcome === 'refused' ? 'busy' : null,
  volume: outcome === 'noAnswer' ? null : 40,
  actionId: 'a1',
  answeredInMs: outcome === 'noAnswer' ? null : 120,
});

describe('a robot’s answer to play now', () => {
  it.each([
    ['acknowledged', 'success'],
    ['refused', 'warning'],
    ['unsupported', 'info'],
    ['noAnswer', 'warning'],
  ] as const)('%s reads as %s', (outcome, type) => {
    expect(outcomeView(answer(outcome))).toEqual({ type, key: outcome });
  });

  it('gives its words their values, a dash for what it did not say', () => {
    expect(outcomeParams(answer('refused'), 'Courier 1')).toEqual({
      robot: 'Courier 1',
      ms: 120,
      volume: 40,
      reason: 'busy',
    });
    expect(outcomeParams(answer('noAnswer'), 'Courier 1')).toMatchObject({ ms: '–', volume: '–' });
  });
});
