import { z } from 'zod';

/*
 * When sound may play: a playlist's schedule and a building's quiet hours, both read on the building's wall
 * clock (its IANA time zone), so "22:00" stays 22:00 across daylight-saving changes. The pure rules that answer
 * "may it play now?" are in schedule-rules.ts; robots apply the same rules from their manifest.
 */

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A wall-clock time of day, `HH:MM` (24 h). */
export const clockTime = z.string().regex(HH_MM, 'a time of day as HH:MM (00:00–23:59)');

/**
 * A daily span of wall-clock time. `to` before `from` crosses midnight (22:00–07:00); `from` equal to `to` is the
 * whole day. The span belongs to the day it starts on (a Friday 22:00–02:00 window includes Saturday 01:00).
 */
export const timeWindow = z.object({ from: clockTime, to: clockTime });
export type TimeWindow = z.infer<typeof timeWindow>;

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const weekday = z
  .int()
  .min(1, 'a weekday 1 (Monday) – 7 (Sunday)')
  .max(7, 'a weekday 1 (Monday) – 7 (Sunday)');

/** A calendar date, `YYYY-MM-DD`, on the building's calendar. */
export const calendarDate = z.iso.date();

export const QUIET_WINDOWS_MAX = 8;
export const PLAY_WINDOWS_MAX = 8;

/** A building's quiet hours: nothing plays in them, every day. */
export const quietHours = z.array(timeWindow).max(QUIET_WINDOWS_MAX, `at most ${QUIET_WINDOWS_MAX} windows`);
export type QuietHours = z.infer<typeof quietHours>;

/** Percent of the robot's loudest. */
export const volume = z.int().min(0, 'at least 0').max(100, 'at most 100');

/** When a playlist plays: within its dates, on its weekdays, in its windows, a pause between plays. */
export const playlistSchedule = z
  .object({
    /** First day it plays (inclusive); null: from publication. */
    validFrom: calendarDate.nullable(),
    /** Last day it plays (inclusive); null: until changed. */
    validTo: calendarDate.nullable(),
    weekdays: z
      .array(weekday)
      .min(1, 'at least one weekday')
      .max(7)
      .refine((d) => new Set(d).size === d.length, 'each weekday once'),
    /** Empty: all day. */
    windows: z.array(timeWindow).max(PLAY_WINDOWS_MAX, `at most ${PLAY_WINDOWS_MAX} windows`),
    /** Seconds of silence after the playlist has played through, before it starts again. */
    intervalS: z.int().min(0, 'at least 0').max(86_400, 'at most 86400 (a day)'),
    volume,
  })
  .refine((s) => !s.validFrom || !s.validTo || s.validFrom <= s.validTo, {
    message: 'the last day is before the first',
    path: ['validTo'],
  });
export type PlaylistSchedule = z.infer<typeof playlistSchedule>;

export const DEFAULT_SCHEDULE: PlaylistSchedule = {
  validFrom: null,
  validTo: null,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  windows: [],
  intervalS: 300,
  volume: 60,
};

/** What a building allows: its quiet hours and the loudest any robot in it may play. */
export const buildingAudioRules = z.object({
  quietHours,
  volumeCap: volume,
});
export type BuildingAudioRules = z.infer<typeof buildingAudioRules>;

export const DEFAULT_BUILDING_AUDIO_RULES: BuildingAudioRules = { quietHours: [], volumeCap: 100 };
