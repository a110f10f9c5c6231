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

  it('names the floors and gateways it knows', () => {
    const names = new Map([
      ['f0', 'Lobby'],
      ['f12', 'Floor 12'],
      ['g1', 'Tower gateway'],
    ]);
    expect(shownValue(['f0', 'f12'], names)).toBe('Lobby, Floor 12');
    expect(shownValue('g1', names)).toBe('Tower gateway');
    expect(shownValue(['f0', 'gone'], names)).toBe('["f0","gone"]');
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
