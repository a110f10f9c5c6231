import {
  type BuildingAudioRules,
  isQuietAt,
  type PlaylistSchedule,
  type PlayRefusal,
  playlistMayPlayAt,
  type TimeWindow,
} from '@fleet/contract';

/** "22:00–07:00" (a window past midnight reads as it is typed); the same start and end is the whole day. */
export const windowText = (w: TimeWindow) => `${w.from}–${w.to}`;

/** Whether a window runs past midnight into the next day. */
export const crossesMidnight = (w: TimeWindow) => w.to < w.from;

/** Whether a window is the whole day (the same start and end). */
export const wholeDay = (w: TimeWindow) => w.to === w.from;

/** ISO weekdays in the order a week is shown: Monday first. */
export const WEEK: readonly number[] = [1, 2, 3, 4, 5, 6, 7];

/** A weekday's short name in the console's language (1 = Monday): "Mon", "周一". */
export function weekdayName(isoDay: number, lng: string): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, isoDay));
  return new Intl.DateTimeFormat(lng === 'zh' ? 'zh-CN' : 'en', { weekday: 'short', timeZone: 'UTC' }).format(
    date,
  );
}

/** Whether the playlist would play now in one building, and why not. */
export interface BuildingVerdict {
  buildingId: string;
  buildingName: string;
  timeZone: string;
  allowed: boolean;
  reason?: PlayRefusal;
}

/**
 * For each target building, whether the playlist may play at `now` on that building's clock (the same rule the
 * robots apply from their manifest). A building Intl cannot read the zone of is left out.
 */
export function verdictsNow(
  schedule: PlaylistSchedule,
  buildings: readonly (BuildingAudioRules & { buildingId: string; buildingName: string; timeZone: string })[],
  now: Date,
): BuildingVerdict[] {
  return buildings.flatMap((b) => {
    try {
      const v = playlistMayPlayAt(schedule, b, b.timeZone, now);
      return [
        {
          buildingId: b.buildingId,
          buildingName: b.buildingName,
          timeZone: b.timeZone,
          allowed: v.allowed,
          ...(v.allowed ? {} : { reason: v.reason }),
        },
      ];
    } catch {
      return [];
    }
  });
}

/** Whether a building is in its quiet hours right now; false when its zone cannot be read. */
export function quietNow(rules: BuildingAudioRules & { timeZone: string }, now: Date): boolean {
  try {
    return isQuietAt(rules.quietHours, rules.timeZone, now);
  } catch {
    return false;
  }
}

/** "14:05" on a building's wall clock now. */
export function clockNow(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(now);
  } catch {
    return '–';
  }
}

/** The windows as the form holds them (pairs of "HH:MM", either possibly unset) to the contract's, complete ones. */
export function completeWindows(
  windows: readonly { from?: string | null; to?: string | null }[],
): TimeWindow[] {
  return windows.flatMap((w) => (w.from && w.to ? [{ from: w.from, to: w.to }] : []));
}

/** A pause as people say it: "5 minutes", "2 hours", "90 seconds" ("5分钟"…); none is "0 seconds". */
export function intervalText(seconds: number, lng: string): string {
  const [value, unit] =
    seconds > 0 && seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds > 0 && seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  return new Intl.NumberFormat(lng === 'zh' ? 'zh-CN' : 'en', {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(value);
}
