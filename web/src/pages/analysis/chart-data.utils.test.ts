import type { RobotDayStates } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { bucketLabel, dayLabel, heatPoints, paretoBars, stateBars, weekdayNames } from './chart-data.utils';

describe('bucketLabel', () => {
  it.each([
    ['2026-08-03', 'day', 'en', 'Aug 3'],
    ['2026-08-03', 'day', 'zh-CN', '8月3日'],
    ['2026-08-03T14', 'hour', 'en', '8/3 14:00'],
    ['2026-08-01', 'month', 'en', 'Aug 2026'],
    ['2026-08-01', 'month', 'zh-CN', '2026年8月'],
  ] as const)('%s by %s in %s reads %s', (start, granularity, locale, expected) => {
    expect(bucketLabel(start, granularity, locale)).toBe(expected);
  });
});

describe('weekdayNames', () => {
  it('starts the week on Monday, in the user’s language', () => {
    expect(weekdayNames('en')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames('zh-CN')[6]).toBe('周日');
  });
});

describe('heatPoints', () => {
  it('fills all 168 cells and puts Sunday 23:00 in the last row', () => {
    const { points, max } = heatPoints({
      cells: [
        { weekday: 7, hour: 23, workingS: 7200, tasks: 3 },
        { weekday: 1, hour: 8, workingS: 1800, tasks: 1 },
      ],
    });
    expect(points).toHaveLength(168);
    expect(points.find((p) => p.value[0] === 23 && p.value[1] === 6)).toEqual({
      value: [23, 6, 2],
      tasks: 3,
    });
    expect(points.find((p) => p.value[0] === 8 && p.value[1] === 0)?.value[2]).toBe(0.5);
    expect(max).toBe(2);
  });
});

describe('paretoBars', () => {
  it('sorts codes by count and runs the cumulative share of every error up to 100 %', () => {
    const bars = paretoBars(
      {
        total: 10,
        codes: [
          { code: 'B', count: 2, robots: 1, downtimeS: 0 },
          { code: 'A', count: 5, robots: 2, downtimeS: 60 },
          { code: 'C', count: 3, robots: 1, downtimeS: 0 },
        ],
      },
      10,
    );
    expect(bars.map((b) => [b.code, b.cumulative])).toEqual([
      ['A', 50],
      ['C', 80],
      ['B', 100],
    ]);
  });

  it('keeps the share of all errors when it shows only the first codes', () => {
    const codes = ['A', 'B', 'C', 'D'].map((code) => ({ code, count: 1, robots: 1, downtimeS: 0 }));
    expect(paretoBars({ total: 4, codes }, 2).map((b) => b.cumulative)).toEqual([25, 50]);
  });
});

describe('stateBars', () => {
  const robot = (
    dayStart: string,
    dayEnd: string,
    intervals: RobotDayStates['intervals'],
  ): RobotDayStates => ({
    robotId: '00000000-0000-4000-8000-000000000001',
    robotName: 'R',
    buildingName: null,
    timeZone: 'Europe/Berlin',
    dayStart,
    dayEnd,
    intervals,
  });

  it('places intervals in hours from each robot’s local midnight, one row per robot', () => {
    const { bars, hours } = stateBars([
      robot('2026-08-02T22:00:00.000Z', '2026-08-03T22:00:00.000Z', [
        { state: 'working', from: '2026-08-03T06:00:00.000Z', to: '2026-08-03T07:30:00.000Z', codes: [] },
      ]),
      robot('2026-08-02T16:00:00.000Z', '2026-08-03T16:00:00.000Z', [
        { state: 'error', from: '2026-08-02T16:00:00.000Z', to: '2026-08-02T17:00:00.000Z', codes: ['E1'] },
      ]),
    ]);
    expect(bars.map((b) => b.value)).toEqual([
      [0, 8, 9.5, 'working'],
      [1, 0, 1, 'error'],
    ]);
    expect(hours).toBe(24);
  });

  it('stretches the axis for a 25-hour autumn day', () => {
    expect(stateBars([robot('2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', [])]).hours).toBe(25);
  });
});

describe('dayLabel', () => {
  it('reads a calendar date the same in every time zone', () => {
    expect(dayLabel('2026-08-03', 'en')).toBe('Aug 3, 2026');
    expect(dayLabel('2026-08-03', 'zh-CN')).toBe('2026年8月3日');
  });
});
