import { describe, expect, it } from 'vitest';
import { addItems, moveItem, removeItem } from './playlist.utils';

const items = ['a', 'b', 'c'].map((clipId) => ({ clipId }));
const ids = (list: { clipId: string }[]) => list.map((i) => i.clipId).join('');

describe('playlist order', () => {
  it.each([
    [1, -1, 'bac'],
    [1, 1, 'acb'],
    [0, 1, 'bac'],
    [2, -1, 'acb'],
    [0, -1, 'abc'],
    [2, 1, 'abc'],
    [5, -1, 'abc'],
  ] as const)('item %d moved %d reads %s', (index, delta, order) => {
    expect(ids(moveItem(items, index, delta))).toBe(order);
  });

  it('never changes the list it was given', () => {
    moveItem(items, 0, 1);
    removeItem(items, 0);
    expect(ids(items)).toBe('abc');
  });

  it('takes out one item by its place, so a clip that comes twice loses only that one', () => {
    const twice = [...items, { clipId: 'a' }];
    expect(ids(removeItem(twice, 3))).toBe('abc');
    expect(ids(removeItem(twice, 0))).toBe('bca');
  });

  it('adds clips at the end in the order chosen, as many as fit', () => {
    expect(ids(addItems(items, ['c', 'a']).items)).toBe('abcca');
    expect(addItems(items, ['d', 'e', 'f'], 4)).toEqual({ items: [...items, { clipId: 'd' }], left: 2 });
    expect(addItems(items, ['d'], 3)).toEqual({ items, left: 1 });
  });
});
