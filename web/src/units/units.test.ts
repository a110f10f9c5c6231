import { describe, expect, it } from 'vitest';
import {
  formatArea,
  formatAreaPerHour,
  formatDistance,
  formatLength,
  formatQuantity,
  formatSpeed,
  fromDisplay,
  isUnitSystem,
  toDisplay,
} from './units';

describe('formatQuantity', () => {
  it.each([
    ['length', 10, 'metric', '10 m'],
    ['length', 10, 'imperial', '32.8 ft'],
    ['length', 0.3048, 'imperial', '1 ft'],
    ['length', 1234.56, 'metric', '1,234.6 m'],
    ['area', 100, 'metric', '100 m²'],
    ['area', 100, 'imperial', '1,076.4 ft²'],
    ['speed', 1.2, 'metric', '1.2 m/s'],
    ['speed', 1, 'imperial', '3.3 ft/s'],
    ['speed', 0, 'imperial', '0 ft/s'],
    ['distance', 12_345, 'metric', '12.3 km'],
    ['distance', 1609.344, 'imperial', '1 mi'],
    ['distance', 16_093.44, 'imperial', '10 mi'],
    ['distance', 0, 'metric', '0 km'],
    ['areaPerHour', 250, 'metric', '250 m²/h'],
    ['areaPerHour', 100, 'imperial', '1,076.4 ft²/h'],
  ] as const)('%s %d in %s is %s', (quantity, value, system, expected) => {
    expect(formatQuantity(quantity, value, { system })).toBe(expected);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('shows a dash for %s', (value) => {
    expect(formatLength(value, { system: 'metric' })).toBe('–');
  });

  it('honours the digits option', () => {
    expect(formatArea(12.3456, { system: 'metric', digits: 2 })).toBe('12.35 m²');
    expect(formatSpeed(12.3456, { system: 'metric', digits: 0 })).toBe('12 m/s');
  });

  it('shows a fleet’s travel in whole-unit steps a reader can compare: km in metric, mi in imperial', () => {
    expect(formatDistance(1_234_567, { system: 'metric', digits: 0 })).toBe('1,235 km');
    expect(formatDistance(1_234_567, { system: 'imperial', digits: 0 })).toBe('767 mi');
    expect(formatAreaPerHour(null, { system: 'imperial' })).toBe('–');
  });

  it('groups digits for the language', () => {
    expect(formatLength(1234567, { system: 'metric', locale: 'de' })).toBe('1.234.567 m');
  });
});

describe('toDisplay / fromDisplay', () => {
  it.each(['length', 'area', 'speed', 'distance', 'areaPerHour'] as const)(
    'round-trips %s in both systems',
    (quantity) => {
      for (const system of ['metric', 'imperial'] as const) {
        expect(fromDisplay(quantity, toDisplay(quantity, 42.5, system), system)).toBeCloseTo(42.5, 10);
      }
    },
  );

  it('converts one square metre to about 10.76 square feet', () => {
    expect(toDisplay('area', 1, 'imperial')).toBeCloseTo(10.7639, 4);
  });

  it('converts a kilometre to about 0.621 miles, and a mile typed back to 1609.344 m', () => {
    expect(toDisplay('distance', 1000, 'imperial')).toBeCloseTo(0.621371, 5);
    expect(fromDisplay('distance', 1, 'imperial')).toBeCloseTo(1609.344, 6);
    expect(fromDisplay('distance', 2.5, 'metric')).toBe(2500);
  });
});

describe('isUnitSystem', () => {
  it.each([
    ['metric', true],
    ['imperial', true],
    ['Metric', false],
    ['', false],
    [null, false],
  ])('%s → %s', (value, expected) => {
    expect(isUnitSystem(value)).toBe(expected);
  });
});
