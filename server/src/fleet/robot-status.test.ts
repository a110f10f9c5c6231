import { describe, expect, it } from 'vitest';
import { robotStatusOf, type StatusFacts } from './robot-status.js';

const base: StatusFacts = {
  connection: 'ONLINE',
  hasFatalError: false,
  paused: false,
  charging: false,
  driving: false,
  openNodes: 0,
};

describe('robotStatusOf', () => {
  it.each<[Partial<StatusFacts>, string]>([
    [{}, 'idle'],
    [{ connection: null }, 'offline'],
    [{ connection: 'CONNECTIONBROKEN', hasFatalError: true }, 'offline'],
    [{ connection: 'OFFLINE' }, 'offline'],
    [{ hasFatalError: true, paused: true }, 'error'],
    [{ paused: true, driving: true }, 'paused'],
    [{ charging: true }, 'charging'],
    [{ driving: true }, 'working'],
    [{ openNodes: 3 }, 'working'],
  ])('%o → %s', (facts, expected) => {
    expect(robotStatusOf({ ...base, ...facts })).toBe(expected);
  });
});
