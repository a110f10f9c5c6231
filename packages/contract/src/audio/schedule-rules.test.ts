import { describe, expect, it } from 'vitest';
import type { BuildingAudioRules, PlaylistSchedule, TimeWindow } from './schedule.js';
import {
  cappedVolume,
  isQuietAt,
  minuteOf,
  playlistMayPlayAt,
  type WallClock,
  wallClockAt,
  windowHolds,
} from './schedule-rules.js';

const NO_RULES: BuildingAudioRules = { quietHours: [], volumeCap: 100 };
const NIGHT: TimeWindow[] = [{ from: '22:00', to: '07:00' }];
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

function schedule(overrides: Partial<PlaylistSchedule>): PlaylistSchedule {
  return {
    validFrom: null,
    validTo: null,
    weekdays: EVERY_DAY,
    windows: [],
    intervalS: 0,
    volume: 60,
    ...overrides,
  };
}

const MINUTE_MS = 60_000;

/**
 * Every whole-minute instant whose wall clock in `timeZone` reads `date`. Offsets lie within -12 h and +14 h, so
 * the local day sits inside the 50 hours scanned.
 */
function minutesOfLocalDay(date: string, timeZone: string): Date[] {
  const first = Date.parse(`${date}T00:00:00Z`) - 14 * 60 * MINUTE_MS;
  const instants: Date[] = [];
  for (let t = first; t < first + 50 * 60 * MINUTE_MS; t += MINUTE_MS) {
    const instant = new Date(t);
    if (wallClockAt(instant, timeZone).date === date) instants.push(instant);
  }
  return instants;
}

/** How many real minutes of the local `date` a playlist with `windows` (every day, no quiet hours) may play. */
function playingMinutes(windows: TimeWindow[], timeZone: string, date: string): number {
  const s = schedule({ windows });
  return minutesOfLocalDay(date, timeZone).filter((i) => playlistMayPlayAt(s, NO_RULES, timeZone, i).allowed)
    .length;
}

function verdict(s: PlaylistSchedule, timeZone: string, iso: string, rules = NO_RULES) {
  return playlistMayPlayAt(s, rules, timeZone, new Date(iso));
}

describe('AUDIO-SCHEDULE', () => {
  describe('wallClockAt', () => {
    // 2026-07-10T20:30Z is a Friday evening in UTC and already Saturday morning in Asia and the Pacific.
    it.each([
      ['UTC', { date: '2026-07-10', weekday: 5, minute: 20 * 60 + 30 }],
      ['Europe/Berlin', { date: '2026-07-10', weekday: 5, minute: 22 * 60 + 30 }],
      ['America/New_York', { date: '2026-07-10', weekday: 5, minute: 16 * 60 + 30 }],
      ['Asia/Shanghai', { date: '2026-07-11', weekday: 6, minute: 4 * 60 + 30 }],
      ['Australia/Lord_Howe', { date: '2026-07-11', weekday: 6, minute: 7 * 60 }],
      ['Pacific/Auckland', { date: '2026-07-11', weekday: 6, minute: 8 * 60 + 30 }],
    ] satisfies [string, WallClock][])('reads %s', (zone, want) => {
      expect(wallClockAt(new Date('2026-07-10T20:30:00Z'), zone)).toEqual(want);
    });

    it('reads midnight as minute 0 of the new date, never as hour 24 of the old one', () => {
      expect(wallClockAt(new Date('2026-01-01T00:00:00Z'), 'UTC')).toEqual({
        date: '2026-01-01',
        weekday: 4,
        minute: 0,
      });
      expect(wallClockAt(new Date('2026-03-29T22:00:00Z'), 'Europe/Berlin')).toEqual({
        date: '2026-03-30',
        weekday: 1,
        minute: 0,
      });
      expect(wallClockAt(new Date('2026-01-04T23:59:00Z'), 'UTC')).toEqual({
        date: '2026-01-04',
        weekday: 7,
        minute: 1439,
      });
    });

    it('rejects a zone Intl does not know', () => {
      expect(() => wallClockAt(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
    });
  });

  it.each([
    ['00:00', 0],
    ['07:00', 420],
    ['13:05', 785],
    ['23:59', 1439],
  ])('minuteOf(%s) is %i', (time, want) => {
    expect(minuteOf(time)).toBe(want);
  });

  describe('windowHolds', () => {
    const at = (minute: number): WallClock => ({ date: '2026-07-10', weekday: 5, minute });
    it.each([
      // [from, to): the start holds, the end does not.
      [{ from: '08:00', to: '12:00' }, 479, 'sameDay', false],
      [{ from: '08:00', to: '12:00' }, 480, 'sameDay', true],
      [{ from: '08:00', to: '12:00' }, 719, 'sameDay', true],
      [{ from: '08:00', to: '12:00' }, 720, 'sameDay', false],
      [{ from: '08:00', to: '12:00' }, 600, 'dayBefore', false],
      // Crossing midnight: the evening part on the start day, the morning part on the day after.
      [{ from: '22:00', to: '02:00' }, 1320, 'sameDay', true],
      [{ from: '22:00', to: '02:00' }, 60, 'sameDay', false],
      [{ from: '22:00', to: '02:00' }, 60, 'dayBefore', true],
      [{ from: '22:00', to: '02:00' }, 119, 'dayBefore', true],
      [{ from: '22:00', to: '02:00' }, 120, 'dayBefore', false],
      [{ from: '22:00', to: '02:00' }, 1320, 'dayBefore', false],
      // Equal ends: the whole of the start day, nothing of the next.
      [{ from: '00:00', to: '00:00' }, 0, 'sameDay', true],
      [{ from: '13:00', to: '13:00' }, 0, 'sameDay', true],
      [{ from: '13:00', to: '13:00' }, 1439, 'sameDay', true],
      [{ from: '13:00', to: '13:00' }, 0, 'dayBefore', false],
    ] as const)('%o at minute %i of the %s occurrence: %s', (w, minute, startedOn, want) => {
      expect(windowHolds(w, at(minute), startedOn)).toBe(want);
    });

    it.each([
      { from: '00:00', to: '00:00' },
      { from: '13:00', to: '13:00' },
    ])('%o holds every minute of its day', (w) => {
      const held = Array.from({ length: 1440 }, (_, m) => windowHolds(w, at(m), 'sameDay'));
      expect(held.every(Boolean)).toBe(true);
    });
  });

  describe('quiet hours 22:00–07:00', () => {
    // 2026-01-15 is a winter Thursday: Berlin is UTC+1, Shanghai UTC+8 all year.
    it.each([
      ['Europe/Berlin', '2026-01-15T20:59:00Z', false], // 21:59
      ['Europe/Berlin', '2026-01-15T21:00:00Z', true], // 22:00
      ['Europe/Berlin', '2026-01-15T22:30:00Z', true], // 23:30
      ['Europe/Berlin', '2026-01-16T05:59:00Z', true], // 06:59
      ['Europe/Berlin', '2026-01-16T06:00:00Z', false], // 07:00
      ['Asia/Shanghai', '2026-01-15T13:59:00Z', false], // 21:59
      ['Asia/Shanghai', '2026-01-15T14:00:00Z', true], // 22:00
      ['Asia/Shanghai', '2026-01-15T15:30:00Z', true], // 23:30
      ['Asia/Shanghai', '2026-01-15T22:59:00Z', true], // 06:59
      ['Asia/Shanghai', '2026-01-15T23:00:00Z', false], // 07:00
      ['UTC', '2026-01-15T22:00:00Z', true],
      ['UTC', '2026-01-16T07:00:00Z', false],
    ])('in %s at %s quiet: %s', (zone, iso, want) => {
      expect(isQuietAt(NIGHT, zone, new Date(iso))).toBe(want);
    });

    it('judges one instant by each building’s own clock', () => {
      // 14:00Z: 22:00 in Shanghai, 15:00 in Berlin.
      expect(isQuietAt(NIGHT, 'Asia/Shanghai', new Date('2026-01-15T14:00:00Z'))).toBe(true);
      expect(isQuietAt(NIGHT, 'Europe/Berlin', new Date('2026-01-15T14:00:00Z'))).toBe(false);
      // 23:00Z: 07:00 in Shanghai, midnight in Berlin.
      expect(isQuietAt(NIGHT, 'Asia/Shanghai', new Date('2026-01-15T23:00:00Z'))).toBe(false);
      expect(isQuietAt(NIGHT, 'Europe/Berlin', new Date('2026-01-15T23:00:00Z'))).toBe(true);
    });

    it('keeps 07:00 on the wall clock when summer time starts overnight', () => {
      // Berlin 2026-03-29: 06:59 CEST is 04:59Z, 07:00 CEST is 05:00Z (a winter night would end at 06:00Z).
      expect(isQuietAt(NIGHT, 'Europe/Berlin', new Date('2026-03-29T04:59:00Z'))).toBe(true);
      expect(isQuietAt(NIGHT, 'Europe/Berlin', new Date('2026-03-29T05:00:00Z'))).toBe(false);
    });

    it('is quiet all day for a whole-day window and never without windows', () => {
      const day = minutesOfLocalDay('2026-07-10', 'America/New_York');
      expect(day.every((i) => isQuietAt([{ from: '09:00', to: '09:00' }], 'America/New_York', i))).toBe(true);
      expect(day.some((i) => isQuietAt([], 'America/New_York', i))).toBe(false);
    });
  });

  describe('daylight saving: local times that never occur or occur twice', () => {
    it('America/New_York 2026-03-08: 02:00–03:00 never occurs', () => {
      expect(minutesOfLocalDay('2026-03-08', 'America/New_York')).toHaveLength(23 * 60);
      expect(playingMinutes([{ from: '01:00', to: '02:00' }], 'America/New_York', '2026-03-08')).toBe(60);
      expect(playingMinutes([{ from: '02:30', to: '03:00' }], 'America/New_York', '2026-03-08')).toBe(0);
      expect(playingMinutes([{ from: '02:30', to: '03:00' }], 'America/New_York', '2026-03-09')).toBe(30);
      const s = schedule({ windows: [{ from: '01:00', to: '02:00' }] });
      expect(verdict(s, 'America/New_York', '2026-03-08T06:59:00Z')).toEqual({ allowed: true }); // 01:59 EST
      expect(verdict(s, 'America/New_York', '2026-03-08T07:00:00Z')).toEqual({
        allowed: false,
        reason: 'outsideWindows',
      }); // 03:00 EDT
    });

    it('America/New_York 2026-11-01: 01:00–02:00 occurs twice, with the same answer both times', () => {
      expect(minutesOfLocalDay('2026-11-01', 'America/New_York')).toHaveLength(25 * 60);
      expect(playingMinutes([{ from: '01:00', to: '02:00' }], 'America/New_York', '2026-11-01')).toBe(120);
      expect(playingMinutes([{ from: '02:30', to: '03:00' }], 'America/New_York', '2026-11-01')).toBe(30);
      const edt = new Date('2026-11-01T05:30:00Z');
      const est = new Date('2026-11-01T06:30:00Z');
      expect(wallClockAt(edt, 'America/New_York')).toEqual(wallClockAt(est, 'America/New_York'));
      expect(wallClockAt(est, 'America/New_York').minute).toBe(90);
      const quiet = [{ from: '01:00', to: '02:00' }];
      expect(isQuietAt(quiet, 'America/New_York', edt)).toBe(true);
      expect(isQuietAt(quiet, 'America/New_York', est)).toBe(true);
      expect(isQuietAt(quiet, 'America/New_York', new Date('2026-11-01T07:00:00Z'))).toBe(false); // 02:00 EST
    });

    it('Europe/Berlin 2026-03-29: 02:00–03:00 never occurs', () => {
      expect(playingMinutes([{ from: '02:00', to: '03:00' }], 'Europe/Berlin', '2026-03-29')).toBe(0);
      expect(playingMinutes([{ from: '01:00', to: '04:00' }], 'Europe/Berlin', '2026-03-29')).toBe(120);
      const s = schedule({ windows: [{ from: '01:00', to: '02:00' }] });
      expect(verdict(s, 'Europe/Berlin', '2026-03-29T00:59:00Z')).toEqual({ allowed: true }); // 01:59 CET
      expect(verdict(s, 'Europe/Berlin', '2026-03-29T01:00:00Z').allowed).toBe(false); // 03:00 CEST
    });

    it('Europe/Berlin 2026-10-25: 02:00–03:00 occurs twice, with the same answer both times', () => {
      expect(playingMinutes([{ from: '02:00', to: '03:00' }], 'Europe/Berlin', '2026-10-25')).toBe(120);
      const s = schedule({ windows: [{ from: '02:00', to: '02:45' }] });
      for (const iso of ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z']) {
        expect(wallClockAt(new Date(iso), 'Europe/Berlin').minute).toBe(150);
        expect(verdict(s, 'Europe/Berlin', iso)).toEqual({ allowed: true });
      }
      const late = schedule({ windows: [{ from: '02:45', to: '03:00' }] });
      expect(verdict(late, 'Europe/Berlin', '2026-10-25T00:30:00Z')).toEqual(
        verdict(late, 'Europe/Berlin', '2026-10-25T01:30:00Z'),
      );
    });

    it('Australia/Lord_Howe shifts by 30 minutes', () => {
      // 2026-10-04 02:00 jumps to 02:30; 2026-04-05 02:00 falls back to 01:30.
      expect(minutesOfLocalDay('2026-10-04', 'Australia/Lord_Howe')).toHaveLength(1440 - 30);
      expect(playingMinutes([{ from: '02:00', to: '02:30' }], 'Australia/Lord_Howe', '2026-10-04')).toBe(0);
      expect(playingMinutes([{ from: '02:00', to: '03:00' }], 'Australia/Lord_Howe', '2026-10-04')).toBe(30);
      expect(minutesOfLocalDay('2026-04-05', 'Australia/Lord_Howe')).toHaveLength(1440 + 30);
      expect(playingMinutes([{ from: '01:30', to: '02:00' }], 'Australia/Lord_Howe', '2026-04-05')).toBe(60);
      // 22:00 at +10:30 in winter is 11:30Z.
      expect(isQuietAt(NIGHT, 'Australia/Lord_Howe', new Date('2026-07-10T11:29:00Z'))).toBe(false);
      expect(isQuietAt(NIGHT, 'Australia/Lord_Howe', new Date('2026-07-10T11:30:00Z'))).toBe(true);
    });
  });

  describe('a Friday 22:00–02:00 playlist window belongs to Friday', () => {
    const friday = schedule({ weekdays: [5], windows: [{ from: '22:00', to: '02:00' }] });
    // Berlin in July is UTC+2; 2026-07-10 is a Friday.
    it.each([
      ['2026-07-09T21:00:00Z', 'Thursday 23:00', 'weekday'],
      ['2026-07-09T23:00:00Z', 'Friday 01:00 (Thursday’s window)', 'weekday'],
      ['2026-07-10T10:00:00Z', 'Friday 12:00', 'outsideWindows'],
      ['2026-07-10T19:59:00Z', 'Friday 21:59', 'outsideWindows'],
      ['2026-07-10T20:00:00Z', 'Friday 22:00', null],
      ['2026-07-10T23:00:00Z', 'Saturday 01:00', null],
      ['2026-07-10T23:59:00Z', 'Saturday 01:59', null],
      ['2026-07-11T00:00:00Z', 'Saturday 02:00', 'weekday'],
      ['2026-07-11T20:00:00Z', 'Saturday 22:00', 'weekday'],
    ] as const)('%s (%s): %s', (iso, _local, reason) => {
      expect(verdict(friday, 'Europe/Berlin', iso)).toEqual(
        reason ? { allowed: false, reason } : { allowed: true },
      );
    });

    it('checks the dates against the day the window started on', () => {
      const lastFriday = { ...friday, validTo: '2026-07-10' };
      expect(verdict(lastFriday, 'Europe/Berlin', '2026-07-10T23:00:00Z')).toEqual({ allowed: true });
      expect(verdict(lastFriday, 'Europe/Berlin', '2026-07-11T00:00:00Z')).toEqual({
        allowed: false,
        reason: 'expired',
      });
      const fromSaturday = schedule({ validFrom: '2026-07-11', windows: [{ from: '22:00', to: '02:00' }] });
      expect(verdict(fromSaturday, 'Europe/Berlin', '2026-07-10T23:00:00Z')).toEqual({
        allowed: false,
        reason: 'notYetValid',
      });
      expect(verdict(fromSaturday, 'Europe/Berlin', '2026-07-11T20:00:00Z')).toEqual({ allowed: true });
      expect(verdict(fromSaturday, 'Europe/Berlin', '2026-07-11T23:00:00Z')).toEqual({ allowed: true });
    });

    it('still stays silent in quiet hours', () => {
      const rules: BuildingAudioRules = { quietHours: [{ from: '23:00', to: '06:00' }], volumeCap: 80 };
      expect(verdict(friday, 'Europe/Berlin', '2026-07-10T20:30:00Z', rules)).toEqual({ allowed: true });
      expect(verdict(friday, 'Europe/Berlin', '2026-07-10T21:00:00Z', rules)).toEqual({
        allowed: false,
        reason: 'quietHours',
      });
      expect(verdict(friday, 'Europe/Berlin', '2026-07-10T23:00:00Z', rules)).toEqual({
        allowed: false,
        reason: 'quietHours',
      });
    });
  });

  describe('validFrom and validTo are local dates, inclusive', () => {
    const june = schedule({ validFrom: '2026-06-01', validTo: '2026-06-30' });
    // Auckland is UTC+12 in June and UTC+13 in January: local midnight falls on the UTC day before.
    it.each([
      ['2026-05-31T11:59:00Z', { allowed: false, reason: 'notYetValid' }], // 2026-05-31 23:59
      ['2026-05-31T12:00:00Z', { allowed: true }], // 2026-06-01 00:00
      ['2026-06-30T11:59:00Z', { allowed: true }], // 2026-06-30 23:59
      ['2026-06-30T12:00:00Z', { allowed: false, reason: 'expired' }], // 2026-07-01 00:00
    ])('in Pacific/Auckland at %s', (iso, want) => {
      expect(verdict(june, 'Pacific/Auckland', iso)).toEqual(want);
    });

    it('follows the summer offset too', () => {
      const january = schedule({ validFrom: '2026-01-10', validTo: '2026-01-10' });
      expect(verdict(january, 'Pacific/Auckland', '2026-01-09T10:59:00Z').allowed).toBe(false);
      expect(verdict(january, 'Pacific/Auckland', '2026-01-09T11:00:00Z').allowed).toBe(true);
      expect(verdict(january, 'Pacific/Auckland', '2026-01-10T10:59:00Z').allowed).toBe(true);
      expect(verdict(january, 'Pacific/Auckland', '2026-01-10T11:00:00Z').allowed).toBe(false);
      // The same instants on UTC's calendar: 2026-01-09 is not yet valid there.
      expect(verdict(january, 'UTC', '2026-01-09T11:00:00Z').allowed).toBe(false);
    });
  });

  describe('whole day', () => {
    it('plays every minute of an allowed day with no windows, and of a from = to window', () => {
      expect(playingMinutes([], 'UTC', '2026-07-10')).toBe(1440);
      expect(playingMinutes([{ from: '08:00', to: '08:00' }], 'Asia/Shanghai', '2026-07-10')).toBe(1440);
    });

    it('keeps a from = to window to its own weekday', () => {
      const mondays = schedule({ weekdays: [1], windows: [{ from: '08:00', to: '08:00' }] });
      // 2026-07-13 is a Monday.
      expect(verdict(mondays, 'UTC', '2026-07-13T00:00:00Z')).toEqual({ allowed: true });
      expect(verdict(mondays, 'UTC', '2026-07-13T23:59:00Z')).toEqual({ allowed: true });
      expect(verdict(mondays, 'UTC', '2026-07-14T03:00:00Z')).toEqual({ allowed: false, reason: 'weekday' });
    });
  });

  describe('which reason wins', () => {
    const rules: BuildingAudioRules = { quietHours: NIGHT, volumeCap: 100 };
    // 2026-07-11 is a Saturday; 23:00Z is in the building’s quiet hours.
    const iso = '2026-07-11T23:00:00Z';
    const morning = [{ from: '08:00', to: '09:00' }];
    it.each<[Partial<PlaylistSchedule>, string]>([
      [{ validTo: '2026-07-10', weekdays: [1], windows: morning }, 'expired'],
      [{ validFrom: '2026-08-01', weekdays: [1], windows: morning }, 'notYetValid'],
      [{ weekdays: [1], windows: morning }, 'weekday'],
      [{ windows: morning }, 'outsideWindows'],
      [{}, 'quietHours'],
    ])('%o: %s', (overrides, reason) => {
      expect(verdict(schedule(overrides), 'UTC', iso, rules)).toEqual({ allowed: false, reason });
    });
  });

  it.each([
    [undefined, 80, 80],
    [50, 80, 50],
    [80, 80, 80],
    [100, 80, 80],
    [-5, 80, 0],
    [0, 80, 0],
    [Number.NaN, 80, 80],
    [undefined, 0, 0],
  ])('cappedVolume(%s, cap %i) is %i', (requested, cap, want) => {
    expect(cappedVolume(requested, cap)).toBe(want);
  });
});
