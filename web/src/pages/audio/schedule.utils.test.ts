import { DEFAULT_SCHEDULE } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  clockNow,
  completeWindows,
  crossesMidnight,
  intervalText,
  quietNow,
  verdictsNow,
  weekdayName,
  wholeDay,
  windowText,
} from './schedule.utils';

// Wednesday 2026-03-11, 12:00 UTC: 13:00 in Berlin, 20:00 in Shanghai.
const NOON_UTC = new Date('2026-03-11T12:00:00Z');

describe('windows', () => {
  it('read as typed, and say when they pass midnight or fill the day', () => {
    expect(windowText({ from: '22:00', to: '07:00' })).toBe('22:00–07:00');
    expect(crossesMidnight({ from: '22:00', to: '07:00' })).toBe(true);
    expect(crossesMidnight({ from: '09:00', to: '18:00' })).toBe(false);
    expect(wholeDay({ from: '00:00', to: '00:00' })).toBe(true);
  });

  it('keep only complete windows from a form', () => {
    expect(completeWindows([{ from: '22:00', to: '07:00' }, { from: '09:00' }, { to: null }])).toEqual([
      { from: '22:00', to: '07:00' },
    ]);
  });
});

describe('weekdays', () => {
  it('are named Monday first in each language', () => {
    expect(weekdayName(1, 'en')).toBe('Mon');
    expect(weekdayName(7, 'en')).toBe('Sun');
    expect(weekdayName(1, 'zh')).toBe('周一');
  });
});

describe('verdictsNow: would the playlist play now, on each building’s clock', () => {
  const berlin = {
    buildingId: 'b',
    buildingName: 'Berlin HQ',
    timeZone: 'Europe/Berlin',
    quietHours: [],
    volumeCap: 100,
  };
  const shanghai = { ...berlin, buildingId: 's', buildingName: 'Shanghai', timeZone: 'Asia/Shanghai' };

  it('answers per building from its own wall clock', () => {
    const schedule = { ...DEFAULT_SCHEDULE, windows: [{ from: '09:00', to: '18:00' }] };
    expect(verdictsNow(schedule, [berlin, shanghai], NOON_UTC)).toEqual([
      { buildingId: 'b', buildingName: 'Berlin HQ', timeZone: 'Europe/Berlin', allowed: true },
      {
        buildingId: 's',
        buildingName: 'Shanghai',
        timeZone: 'Asia/Shanghai',
        allowed: false,
        reason: 'outsideWindows',
      },
    ]);
  });

  it('says quiet hours, weekdays and dates, and leaves out a zone it cannot read', () => {
    const quiet = { ...berlin, quietHours: [{ from: '12:00', to: '14:00' }] };
    expect(verdictsNow(DEFAULT_SCHEDULE, [quiet], NOON_UTC)[0]?.reason).toBe('quietHours');
    expect(verdictsNow({ ...DEFAULT_SCHEDULE, weekdays: [1, 2] }, [berlin], NOON_UTC)[0]?.reason).toBe(
      'weekday',
    );
    expect(verdictsNow({ ...DEFAULT_SCHEDULE, validTo: '2026-03-10' }, [berlin], NOON_UTC)[0]?.reason).toBe(
      'expired',
    );
    expect(verdictsNow(DEFAULT_SCHEDULE, [{ ...berlin, timeZone: 'Mars/Olympus' }], NOON_UTC)).toEqual([]);
  });
});

describe('a building now', () => {
  it('tells its local time and whether it is quiet', () => {
    expect(clockNow('Asia/Shanghai', NOON_UTC)).toBe('20:00');
    expect(clockNow('Mars/Olympus', NOON_UTC)).toBe('–');
    const rules = { timeZone: 'Asia/Shanghai', quietHours: [{ from: '19:00', to: '07:00' }], volumeCap: 50 };
    expect(quietNow(rules, NOON_UTC)).toBe(true);
    expect(quietNow({ ...rules, timeZone: 'Europe/Berlin' }, NOON_UTC)).toBe(false);
  });
});

describe('intervalText', () => {
  it.each([
    [300, 'en', '5 minutes'],
    [7200, 'en', '2 hours'],
    [90, 'en', '90 seconds'],
    [0, 'en', '0 seconds'],
  ])('%d s in %s: %s', (s, lng, text) => {
    expect(intervalText(s, lng)).toBe(text);
  });

  it('speaks Chinese', () => {
    expect(intervalText(300, 'zh')).toMatch(/5\s*分钟/);
  });
});
