import { z } from 'zod';
import { analysisScope } from './filter.js';
import { robotErrorCode } from './settings.js';
import { STATE_KINDS, TASK_OUTCOMES, TASK_TYPES } from './totals.js';

/** One task behind a figure: what a drill-down lists and an export's raw rows hold. */
export const analysisTask = z.object({
  id: z.uuid(),
  robotId: z.uuid(),
  robotName: z.string(),
  model: z.string(),
  buildingId: z.uuid().nullable(),
  buildingName: z.string().nullable(),
  /** The building's zone (UTC for a robot in none): the day the task counts on is read there. */
  timeZone: z.string(),
  type: z.enum(TASK_TYPES),
  outcome: z.enum(TASK_OUTCOMES),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime(),
  durationS: z.number().min(0),
  distanceM: z.number().min(0),
  plannedAreaM2: z.number().min(0).nullable(),
  cleanedAreaM2: z.number().min(0).nullable(),
  liftRides: z.int().min(0),
  liftWaitS: z.number().min(0),
  interventions: z.int().min(0),
  errorCodes: z.array(z.string()),
});
export type AnalysisTask = z.infer<typeof analysisTask>;

/** An error a robot reported, from when it appeared to when it cleared (null while it lasts). */
export const analysisError = z.object({
  code: z.string(),
  level: z.string(),
  description: z.string().nullable(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
});

/** A task opened from a drill-down: the task, the errors its robot had while it ran, its states. */
export const analysisTaskDetail = analysisTask.extend({
  orderId: z.string(),
  errors: z.array(analysisError),
  states: z.array(z.object({ state: z.enum(STATE_KINDS), from: z.iso.datetime(), to: z.iso.datetime() })),
});
export type AnalysisTaskDetail = z.infer<typeof analysisTaskDetail>;

/**
 * The tasks behind a figure: the scope, narrowed to the instants of the clicked point (a trend bucket, a heat
 * map cell's weekday and hour) and to an outcome or type when the figure was about them.
 */
export const taskSearch = z
  .object({
    scope: analysisScope,
    /** Only tasks that ended in [since, until). */
    since: z.iso.datetime().optional(),
    until: z.iso.datetime().optional(),
    /** Only tasks that ended on this ISO weekday and local hour (a heat-map cell). */
    weekday: z.int().min(1).max(7).optional(),
    hour: z.int().min(0).max(23).optional(),
    outcomes: z.array(z.enum(TASK_OUTCOMES)).max(TASK_OUTCOMES.length).optional(),
    types: z.array(z.enum(TASK_TYPES)).max(TASK_TYPES.length).optional(),
    errorCode: robotErrorCode.optional(),
  })
  .refine((s) => !s.since || !s.until || s.since < s.until, {
    path: ['until'],
    message: 'the end is before the start',
  });
export type TaskSearch = z.infer<typeof taskSearch>;
