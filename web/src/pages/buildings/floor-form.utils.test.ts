import { describe, expect, it } from 'vitest';
import { levelTaken, nextLevel } from './floor-form.utils';

describe('nextLevel', () => {
  it.each([
    ['an empty building starts on the ground floor', [], 0],
    ['a new floor goes above the highest', [{ level: -1 }, { level: 3 }], 4],
    ['never above the contract’s 300', [{ level: 300 }], 300],
  ] as const)('%s', (_, floors, expected) => {
    expect(nextLevel(floors)).toBe(expected);
  });
});

describe('levelTaken', () => {
  const floors = [
    { id: 'a', level: 0 },
    { id: 'b', level: 1 },
  ];
  it('finds another floor on the level, but not the floor itself', () => {
    expect(levelTaken(floors, 1)).toBe(true);
    expect(levelTaken(floors, 1, 'b')).toBe(false);
    expect(levelTaken(floors, 2)).toBe(false);
  });
});
