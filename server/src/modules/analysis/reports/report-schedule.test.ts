import { describe, expect, it } from 'vitest';
import { nextRunAfter, reportPeriod } from './report-schedule.js';

const at = (iso: string) => Date.parse(iso);

describe('ANALYSIS-REPORTS: when a report goes out and what it covers', () => {
  it('a daily report at 07:30 in Shanghai goes out the next 07:30 there', () => {
    const r = { frequency: 'daily' as const, sendAt: '07:30', timeZone: 'Asia/Shanghai' };
    expect(new Date(nextRunAfter(r, at('2026-11-24T22:00:00Z'))).toISOString()).toBe(
      '2026-11-24T23:30:00.000Z',
    );
    expect(new Date(nextRunAfter(r, at('2026-11-24T23:30:00Z'))).toISOString()).toBe(
      '2026-11-25T23:30:00.000Z',
    );
  });

  it('a weekly report goes on Monday, a monthly one on the 1st, on the zone clock across a DST change', () => {
    const weekly = { frequency: 'weekly' as const, sendAt: '08:00', timeZone: 'Europe/Berlin' };
    // Wednesday 25 March 2026 → Monday 30 March, the day after clocks went forward (08:00 CEST = 06:00 UTC).
    expect(new Date(nextRunAfter(weekly, at('2026-03-25T12:00:00Z'))).toISOString()).toBe(
      '2026-03-30T06:00:00.000Z',
    );
    const monthly = { frequency: 'monthly' as const, sendAt: '06:00', timeZone: 'America/New_York' };
    expect(new Date(nextRunAfter(monthly, at('2026-11-02T00:00:00Z'))).toISOString()).toBe(
      '2026-12-01T11:00:00.000Z',
    );
  });

  it('covers yesterday, last Monday to Sunday, or last month', () => {
    const run = at('2026-03-02T07:00:00Z'); // Monday 2 March in Berlin
    expect(reportPeriod('daily', run, 'Europe/Berlin')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(reportPeriod('weekly', run, 'Europe/Berlin')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(reportPeriod('monthly', run, 'Europe/Berlin')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});
