import { z } from 'zod';
import { KPI_IDS } from '../analysis/kpis.js';
import { analysisTask } from '../analysis/tasks.js';
import { calendarDate } from '../audio/schedule.js';
import { miniDevice } from '../devices/device.js';
import { liveLift } from '../lifts/live-lift.js';
import { liveRobot } from '../live/index.js';
import { robotCommand } from '../robots.js';
import { rawText, text } from '../text.js';
import { API_SCOPES } from './scopes.js';

/*
 * The open API: what an integrator's system (a hotel's PMS, a restaurant's POS, a building's BMS) may call with
 * an API application's credentials. Every route names the one scope it needs; every robot, device and lift is
 * one the application reaches, and nothing of another company is ever answered.
 */

/** OAuth 2.0 client credentials grant (RFC 6749 section 4.4): the key and secret in the body or in Basic auth. */
export const tokenRequest = z.object({
  grant_type: rawText(100),
  client_id: rawText(200).optional(),
  client_secret: rawText(200).optional(),
  /** Space-separated; a subset of the application's scopes (all of them when absent). */
  scope: rawText(500).optional(),
});

/** RFC 6749 section 5.1: the answer is the token itself, not wrapped in the console's envelope. */
export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.int(),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** RFC 6749 section 5.2. */
export const tokenError = z.object({ error: z.string(), error_description: z.string() });

/** What the application may reach, so an integrator sees at once why a list is empty. */
export const openAppInfo = z.object({
  name: z.string(),
  companyName: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** The scopes of the token in use: those asked for at the token endpoint. */
  tokenScopes: z.array(z.enum(API_SCOPES)),
  robotCount: z.int().min(0),
  rateLimitPerMinute: z.int(),
  expiresAt: z.iso.datetime().nullable(),
});

export const openRobotList = z.object({
  robots: z.array(liveRobot),
  /** Said when the list is empty because the application reaches no robot, with what to do about it. */
  hint: z.string().nullable(),
});

export const openGoToBody = z
  .object({
    /** A station of the robot's building (the robot rides a lift when the station is on another floor). */
    stationId: z.uuid().optional(),
    /** A point on the robot's current floor, in metres of the floor map. */
    target: z
      .object({
        x: z.number().finite(),
        y: z.number().finite(),
        theta: z.number().finite().default(0),
        name: text({ min: 1, max: 80 }).default('target'),
      })
      .optional(),
  })
  .refine((v) => (v.target === undefined) !== (v.stationId === undefined), {
    path: ['stationId'],
    message: 'give either target or stationId',
  });

export const OPEN_TASKS_PAGE_MAX = 200;
export const OPEN_TASKS_RANGE_DAYS_MAX = 31;

export const openTasksQuery = z
  .object({
    /** Tasks that ended at or after this instant. */
    since: z.iso.datetime(),
    /** …and before this one; at most 31 days after `since`. */
    until: z.iso.datetime(),
    robotId: z.uuid().optional(),
    pageIndex: z.coerce.number().int().min(1).default(1),
    pageLength: z.coerce.number().int().min(1).max(OPEN_TASKS_PAGE_MAX).default(50),
  })
  .superRefine((q, ctx) => {
    const span = Date.parse(q.until) - Date.parse(q.since);
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['until'], message: 'the end is before the start' });
    else if (span > OPEN_TASKS_RANGE_DAYS_MAX * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['until'], message: `at most ${OPEN_TASKS_RANGE_DAYS_MAX} days` });
  });

export const openTaskPage = z.object({ list: z.array(analysisTask), totalCnt: z.int().min(0) });

export const openFiguresQuery = z
  .object({
    from: calendarDate,
    to: calendarDate,
    buildingId: z.uuid().optional(),
    robotId: z.uuid().optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'the last day is before the first' });

/** The KPIs of /analysis over the application's robots: counts, hours (seconds), metres, ratios 0–1. */
export const openFigures = z.object({
  from: calendarDate,
  to: calendarDate,
  robots: z.int().min(0),
  figures: z.array(z.object({ id: z.enum(KPI_IDS), value: z.number().nullable() })),
});

export const openCommand = robotCommand;
export const openDevices = z.array(miniDevice);
export const openLifts = z.array(liveLift);
