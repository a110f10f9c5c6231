import { describe, expect, it } from 'vitest';
import { cleanCodes, summariseDowntime } from './downtime.utils';
import { summariseExclusions } from './exclusions.utils';

describe('summariseDowntime', () => {
  const words = {
    allErrors: 'every error',
    listed: (codes: string, count: number) => `only ${codes} (${count})`,
    offline: 'offline counts',
    onlineOnly: 'offline does not count',
  };

  it.each([
    ['the default', { errors: 'all', codes: [], offline: true }, 'every error · offline counts'],
    [
      'two codes',
      { errors: 'listed', codes: ['E12', 'E40'], offline: false },
      'only E12, E40 (2) · offline does not count',
    ],
    [
      'many codes',
      { errors: 'listed', codes: ['E1', 'E2', 'E3', 'E4', 'E5'], offline: true },
      'only E1, E2, E3 +2 (5) · offline counts',
    ],
  ] as const)('%s', (_, rules, text) => {
    expect(summariseDowntime({ ...rules, codes: [...rules.codes] }, words)).toBe(text);
  });

  it('cleans typed codes: trimmed, each once, no empty ones', () => {
    expect(cleanCodes([' E12', 'E12', '', 'E40 '])).toEqual(['E12', 'E40']);
  });
});

describe('summariseExclusions', () => {
  const names: Record<string, string> = {
    r1: 'Demo 1',
    r2: 'Demo 2',
    r3: 'Demo 3',
    r4: 'Demo 4',
    b1: 'Showroom',
  };
  const nameOf = (id: string) => names[id];
  const words = {
    nothing: 'nothing left out',
    robots: (n: number, list: string) => `${n} robots (${list})`,
    buildings: (n: number, list: string) => `${n} buildings (${list})`,
  };

  it.each([
    ['nothing', { robotIds: [], buildingIds: [] }, 'nothing left out'],
    [
      'robots and a building',
      { robotIds: ['r1', 'r2'], buildingIds: ['b1'] },
      '2 robots (Demo 1, Demo 2) · 1 buildings (Showroom)',
    ],
    [
      'many robots',
      { robotIds: ['r1', 'r2', 'r3', 'r4'], buildingIds: [] },
      '4 robots (Demo 1, Demo 2, Demo 3 +1)',
    ],
    ['a robot since removed', { robotIds: ['r1', 'gone'], buildingIds: [] }, '2 robots (Demo 1 +1)'],
    ['only removed ones', { robotIds: ['gone'], buildingIds: [] }, '1 robots (+1)'],
  ])('%s', (_, value, text) => {
    expect(summariseExclusions(value, nameOf, words)).toBe(text);
  });
});
