import { beforeEach, describe, expect, it } from 'vitest';
import { migrateLegacyUnits, resolveUnits } from './units-preference';

describe('resolveUnits', () => {
  it.each([
    [null, 'US', 'imperial'],
    [null, 'EU', 'metric'],
    [null, undefined, 'metric'],
    ['metric', 'US', 'metric'],
    ['imperial', 'CN', 'imperial'],
  ] as const)('chosen %s in region %s → %s', (chosen, region, expected) => {
    expect(resolveUnits(chosen, region)).toBe(expected);
  });
});

describe('migrateLegacyUnits', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    // legacy, current, userUnits after
    ['imperial', null, 'imperial'],
    ['metric', null, 'metric'],
    ['imperial', 'metric', 'metric'],
    ['feet', null, null],
  ])('legacy %s with userUnits %s leaves userUnits %s', (legacy, current, expected) => {
    localStorage.setItem('analysisUnits', legacy);
    if (current) localStorage.setItem('userUnits', current);
    migrateLegacyUnits(localStorage);
    expect(localStorage.getItem('userUnits')).toBe(expected);
    expect(localStorage.getItem('analysisUnits')).toBeNull();
  });

  it('does nothing without a legacy key', () => {
    migrateLegacyUnits(localStorage);
    expect(localStorage.length).toBe(0);
  });
});
