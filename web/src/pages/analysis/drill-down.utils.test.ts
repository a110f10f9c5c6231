import type { AnalysisScope } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { bucketDays, taskSearchFor } from './drill-down.utils';

const SCOPE: AnalysisScope = { from: '2026-07-15', to: '2026-08-16', buildingIds: ['b1', 'b2'] };

describe('taskSearchFor a trend point', () => {
  it('narrows the scope to the clicked day, on every building’s own clock', () => {
    expect(
      taskSearchFor(SCOPE, { kind: 'bucket', granularity: 'day', start: '2026-08-03', previous: false }),
    ).toEqual({ scope: { ...SCOPE, from: '2026-08-03', to: '2026-08-03' } });
  });

  it('cuts a week or a month that starts or ends outside the range at the range', () => {
    expect(
      taskSearchFor(SCOPE, { kind: 'bucket', granularity: 'week', start: '2026-07-13', previous: false })
        ?.scope,
    ).toMatchObject({ from: '2026-07-15', to: '2026-07-19' });
    expect(
      taskSearchFor(SCOPE, { kind: 'bucket', granularity: 'month', start: '2026-08-01', previous: false })
        ?.scope,
    ).toMatchObject({ from: '2026-08-01', to: '2026-08-16' });
  });

  it('reads an hour as that day and that local hour', () => {
    expect(
      taskSearchFor(SCOPE, { kind: 'bucket', granularity: 'hour', start: '2026-08-03T14', previous: false }),
    ).toEqual({ scope: { ...SCOPE, from: '2026-08-03', to: '2026-08-03' }, weekday: 1, hour: 14 });
  });

  it('opens a point of the dashed previous period within that period', () => {
    const week = { from: '2026-08-10', to: '2026-08-16' };
    // The 7 days before: 3–9 August; its first week bucket starts on Monday 3 August.
    expect(
      taskSearchFor(week, { kind: 'bucket', granularity: 'day', start: '2026-08-05', previous: true })?.scope,
    ).toEqual({ from: '2026-08-05', to: '2026-08-05' });
    expect(
      taskSearchFor(week, { kind: 'bucket', granularity: 'month', start: '2026-08-01', previous: true })
        ?.scope,
    ).toEqual({ from: '2026-08-03', to: '2026-08-09' });
  });
});

describe('taskSearchFor the other figures', () => {
  it('passes a heat-map cell as weekday and hour over the whole scope', () => {
    expect(taskSearchFor(SCOPE, { kind: 'cell', weekday: 7, hour: 0 })).toEqual({
      scope: SCOPE,
      weekday: 7,
      hour: 0,
    });
  });

  it('passes a Pareto bar as its error code', () => {
    expect(taskSearchFor(SCOPE, { kind: 'errorCode', code: 'E_LIDAR' })).toEqual({
      scope: SCOPE,
      errorCode: 'E_LIDAR',
    });
  });

  it.each([
    ['robot', 'r9', { robotIds: ['r9'] }],
    ['building', 'b2', { buildingIds: ['b2'] }],
    ['model', 'W3', { models: ['W3'] }],
  ] as const)('narrows to a %s row', (by, key, narrowed) => {
    expect(taskSearchFor(SCOPE, { kind: 'ranking', by, key, name: key })).toEqual({
      scope: { ...SCOPE, ...narrowed },
    });
  });

  it('opens the "no building" row through the robots that have none, or not at all', () => {
    const row = { kind: 'ranking', by: 'building', key: '', name: '' } as const;
    expect(taskSearchFor(SCOPE, row, ['r1', 'r2'])).toEqual({ scope: { ...SCOPE, robotIds: ['r1', 'r2'] } });
    expect(taskSearchFor(SCOPE, row, [])).toBeNull();
  });
});

describe('bucketDays', () => {
  it('knows how long each month is', () => {
    const year = { from: '2024-01-01', to: '2024-12-31' };
    expect(bucketDays('month', '2024-02-01', year)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(bucketDays('month', '2024-04-01', year)).toEqual({ from: '2024-04-01', to: '2024-04-30' });
    expect(bucketDays('week', '2024-12-30', year)).toEqual({ from: '2024-12-30', to: '2024-12-31' });
  });
});
