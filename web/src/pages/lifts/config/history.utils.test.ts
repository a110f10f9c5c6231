import { describe, expect, it } from 'vitest';
import { changeTarget, shownValue } from './history.utils';

describe('shownValue', () => {
  it.each([
    [null, '–'],
    ['', '–'],
    ['set', 'set'],
    [12, '12'],
    [false, 'false'],
    [['front', 'rear'], '["front","rear"]'],
    [{ doorHoldS: 10 }, '{"doorHoldS":10}'],
  ])('%j → %s', (value, expected) => {
    expect(shownValue(value)).toBe(expected);
  });

  it('cuts a long object', () => {
    const shown = shownValue({ text: 'x'.repeat(300) });
    expect(shown).toHaveLength(120);
    expect(shown.endsWith('…')).toBe(true);
  });
});

describe('changeTarget', () => {
  const history = [
    { liftId: 'gone', changes: [{ field: 'removed', from: 'Car C', to: null }] },
    { liftId: 'l1', changes: [{ field: 'created', from: null, to: 'Car A' }] },
  ];
  it.each([
    [null, { kind: 'bank' }],
    ['l1', { kind: 'lift', name: 'Car A now' }],
    ['gone', { kind: 'lift', name: 'Car C' }],
    ['unknown', { kind: 'lift', name: undefined }],
  ])('%s', (liftId, expected) => {
    expect(changeTarget({ liftId }, new Map([['l1', 'Car A now']]), history)).toEqual(expected);
  });
});
