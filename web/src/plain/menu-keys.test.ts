import { describe, expect, it } from 'vitest';
import { menuKeyTarget } from './menu-keys';

describe('menuKeyTarget', () => {
  it.each([
    ['ArrowDown', 0, 5, 1],
    ['ArrowDown', 4, 5, 0],
    ['ArrowUp', 0, 5, 4],
    ['ArrowUp', 3, 5, 2],
    ['Home', 3, 5, 0],
    ['End', 1, 5, 4],
    ['Enter', 1, 5, undefined],
    ['a', 1, 5, undefined],
    ['ArrowDown', 0, 0, undefined],
  ])('%s from %i of %i: %s', (key, index, count, target) => {
    expect(menuKeyTarget(key, index, count)).toBe(target);
  });
});
