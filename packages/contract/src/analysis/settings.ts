import { z } from 'zod';
import { calendarDate, timeWindow, weekday } from '../audio/schedule.js';
import { text } from '../text.js';
import { KPI_IDS, type KpiId } from './kpis.js';

/*
 * What the company decides about its figures, each kind versioned by the date it takes effect: the shift
 * calendar (the "scheduled" time), KPI targets, which errors count as downtime, and what is left out. A day is
 * computed with the versions in effect on it; a change never rewrites the days before its date unless someone
 * asks for a recompute from a date.
 */

export const SETTING_KINDS = ['calendar', 'targets', 'downtime', 'exclusions'] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

/** Where a setting applies: the company, or one building (calendar, targets) or one robot (targets) over it. */
export const SCOPE_KINDS = ['company', 'building', 'robot'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

/** Which scopes each kind may be set on. */
export const SETTING_SCOPES: Record<SettingKind, readonly ScopeKind[]> = {
  calendar: ['company', 'building'],
  targets: ['company', 'building', 'robot'],
  downtime: ['company'],
  exclusions: ['company'],
};

export const SHIFT_WINDOWS_MAX = 6;
export const CLOSED_DAYS_MAX = 366;

/**
 * When robots are meant to work. `weekly[weekday]` lists the windows of each ISO weekday (a window crossing
 * midnight belongs to the day it starts; `from` = `to` is the whole day); a closed day schedules nothing.
 */
export const shiftCalendar = z.object({
  weekly: z
    .array(
      z.object({
        weekday,
        windows: z.array(timeWindow).max(SHIFT_WINDOWS_MAX, `at most ${SHIFT_WINDOWS_MAX} windows a day`),
      }),
    )
    .max(7)
    .refine((w) => new Set(w.map((d) => d.weekday)).size === w.length, 'each weekday once'),
  closedDays: z
    .array(calendarDate)
    .max(CLOSED_DAYS_MAX, `at most ${CLOSED_DAYS_MAX} closed days`)
    .refine((d) => new Set(d).size === d.length, 'each closed day once'),
});
export type ShiftCalendar = z.infer<typeof shiftCalendar>;

/** Without a calendar every hour of every day is scheduled. */
export const ROUND_THE_CLOCK: ShiftCalendar = {
  weekly: [1, 2, 3, 4, 5, 6, 7].map((d) => ({ weekday: d, windows: [{ from: '00:00', to: '00:00' }] })),
  closedDays: [],
};

/** Targets by KPI; a KPI left out inherits the wider scope's target (robot → building → company). */
export const kpiTargets = z
  .partialRecord(z.enum(KPI_IDS), z.number().min(0, 'at least 0').max(1e12, 'too large'))
  .superRefine((targets, ctx) => {
    for (const [id, value] of Object.entries(targets)) {
      // Ratios are fractions (0.95 is 95 %): a target above 1 would never be met.
      if (RATIO_KPIS.has(id as KpiId) && value > 1) {
        ctx.addIssue({ code: 'custom', path: [id], message: 'a ratio target is at most 1 (100 %)' });
      }
    }
  });
export type KpiTargets = z.infer<typeof kpiTargets>;

const RATIO_KPIS = new Set<KpiId>(['successRate', 'availability', 'utilisation', 'coverage']);

export const ERROR_CODES_MAX = 200;
export const robotErrorCode = text({ min: 1, max: 64 });

/** Which errors cost scheduled time. `all`: every error state does; `listed`: only errors with these codes. */
export const downtimeRules = z.object({
  errors: z.enum(['all', 'listed']),
  codes: z
    .array(robotErrorCode)
    .max(ERROR_CODES_MAX, `at most ${ERROR_CODES_MAX} codes`)
    .refine((c) => new Set(c).size === c.length, 'each code once'),
  /** A robot offline in scheduled time is down (it could not work). */
  offline: z.boolean(),
});
export type DowntimeRules = z.infer<typeof downtimeRules>;

export const DEFAULT_DOWNTIME: DowntimeRules = { errors: 'all', codes: [], offline: true };

export const EXCLUDED_MAX = 500;

/** Robots and buildings left out of every figure (test units, a showroom). */
export const exclusions = z.object({
  robotIds: z.array(z.uuid()).max(EXCLUDED_MAX, `at most ${EXCLUDED_MAX} robots`),
  buildingIds: z.array(z.uuid()).max(EXCLUDED_MAX, `at most ${EXCLUDED_MAX} buildings`),
});
export type Exclusions = z.infer<typeof exclusions>;

export const NO_EXCLUSIONS: Exclusions = { robotIds: [], buildingIds: [] };

const scope = z.object({ kind: z.enum(SCOPE_KINDS), id: z.uuid().nullable() });

/** One version of a setting, as stored and shown in its history. */
export const settingVersion = z.object({
  id: z.uuid(),
  kind: z.enum(SETTING_KINDS),
  scope,
  /** The first day (on each building's calendar) it applies to. */
  effectiveFrom: calendarDate,
  value: z.unknown(),
  changedBy: z.string().nullable(),
  changedAt: z.iso.datetime(),
});
export type SettingVersion = z.infer<typeof settingVersion>;

const scopeFields = {
  scope,
  effectiveFrom: calendarDate,
};

/** A new version of one setting; the value's shape follows the kind. Saving the same scope and date replaces it. */
export const saveSettingBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('calendar'), ...scopeFields, value: shiftCalendar }),
  z.object({ kind: z.literal('targets'), ...scopeFields, value: kpiTargets }),
  z.object({ kind: z.literal('downtime'), ...scopeFields, value: downtimeRules }),
  z.object({ kind: z.literal('exclusions'), ...scopeFields, value: exclusions }),
]);
export type SaveSettingBody = z.infer<typeof saveSettingBody>;

/** Every version of every setting of the company, newest date first per kind and scope. */
export const analysisSettings = z.object({ versions: z.array(settingVersion) });

export const recomputeBody = z.object({ from: calendarDate });
export const recomputeResult = z.object({ from: calendarDate, robotDays: z.int().min(0) });
