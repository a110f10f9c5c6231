import { describe, expect, it } from 'vitest';
import { localToday, presetOf, presetRange } from './date-presets.utils';

describe('presetRange', () => {
  it.each([
    ['today', '2026-08-16', '2026-08-16', '2026-08-16'],
    ['yesterday', '2026-08-16', '2026-08-15', '2026-08-15'],
    ['yesterday', '2026-03-01', '2026-02-28', '2026-02-28'],
    ['yesterday', '2028-03-01', '2028-02-29', '2028-02-29'],
    ['last7', '2026-08-16', '2026-08-10', '2026-08-16'],
    ['last7', '2026-01-03', '2025-12-28', '2026-01-03'],
    ['last30', '2026-03-10', '2026-02-09', '2026-03-10'],
    ['thisMonth', '2026-08-16', '2026-08-01', '2026-08-16'],
    ['thisMonth', '2026-08-01', '2026-08-01', '2026-08-01'],
    ['lastMonth', '2026-08-16', '2026-07-01', '2026-07-31'],
    ['lastMonth', '2026-03-31', '2026-02-01', '2026-02-28'],
    ['lastMonth', '2024-03-15', '2024-02-01', '2024-02-29'],
    ['lastMonth', '2026-01-05', '2025-12-01', '2025-12-31'],
    ['lastMonth', '2026-05-31', '2026-04-01', '2026-04-30'],
    ['thisYear', '2026-08-16', '2026-01-01', '2026-08-16'],
  ] as const)('%s on %s is %s … %s', (preset, today, from, to) => {
    expect(presetRange(preset, today)).toEqual({ from, to });
  });
});

describe('presetOf', () => {
  it('recognises the range a preset gives, and nothing else', () => {
    expect(presetOf({ from: '2026-08-10', to: '2026-08-16' }, '2026-08-16')).toBe('last7');
    expect(presetOf({ from: '2026-07-01', to: '2026-07-31' }, '2026-08-16')).toBe('lastMonth');
    expect(presetOf({ from: '2026-08-09', to: '2026-08-16' }, '2026-08-16')).toBeUndefined();
  });
});

describe('localToday', () => {
  it('reads the calendar date on the local clock, zero-padded', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localToday(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
});
