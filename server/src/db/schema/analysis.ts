import type { KpiId, ScopeKind, SettingKind } from '@fleet/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * The analysis area's tables, in the regional database: the per-robot-day roll-ups every figure is read from,
 * the queue of days to rebuild, and the versioned settings. company_id and user ids point into the directory.
 */

const seconds = (name: string) => doublePrecision(name).notNull().default(0);
const counter = (name: string) => integer(name).notNull().default(0);

/** Every field that adds across robots and days (`ADDITIVE_FIELDS` in the contract), for a robot day or a group. */
const additiveColumns = () => ({
  tasks: counter('tasks'),
  completed: counter('completed'),
  partial: counter('partial'),
  cancelled: counter('cancelled'),
  failed: counter('failed'),
  calls: counter('calls'),
  distanceM: seconds('distance_m'),
  plannedAreaM2: seconds('planned_area_m2'),
  cleanedAreaM2: seconds('cleaned_area_m2'),
  cleaningS: seconds('cleaning_s'),
  workingS: seconds('working_s'),
  idleS: seconds('idle_s'),
  chargingS: seconds('charging_s'),
  pausedS: seconds('paused_s'),
  errorS: seconds('error_s'),
  offlineS: seconds('offline_s'),
  scheduledS: seconds('scheduled_s'),
  scheduledWorkingS: seconds('scheduled_working_s'),
  downtimeS: seconds('downtime_s'),
  errors: counter('errors'),
  failures: counter('failures'),
  repairS: seconds('repair_s'),
  interventions: counter('interventions'),
  liftRides: counter('lift_rides'),
  liftWaitS: seconds('lift_wait_s'),
  chargeSessions: counter('charge_sessions'),
});

/** 24 values, one per local hour 0–23 (`float8[]`: a sum of element h is a subscript, not a JSON parse). */
const hours = (name: string) => doublePrecision(name).array().notNull();

const hourlyColumns = () => ({
  /** Seconds working in each local hour 0–23 (the heat map and hourly trend). */
  workingByHour: hours('working_by_hour'),
  /** Tasks done (completed) in each local hour of their end. */
  completedByHour: hours('completed_by_hour'),
  /** Scheduled seconds in each local hour, and scheduled working seconds. */
  scheduledByHour: hours('scheduled_by_hour'),
  scheduledWorkingByHour: hours('scheduled_working_by_hour'),
  /** Tasks of every outcome by the local hour of their end (the drill-down's `hour`). */
  tasksByHour: doublePrecision('tasks_by_hour')
    .array()
    .notNull()
    .default(sql`array_fill(0::float8, array[24])`),
});

/**
 * One robot's day on its building's calendar, added up from the facts (tasks, state intervals, errors) with the
 * settings in effect that day. Every column but the flags adds across robots and days.
 */
export const analysisRobotDays = pgTable(
  'analysis_robot_days',
  {
    companyId: uuid('company_id').notNull(),
    robotId: uuid('robot_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    buildingId: uuid('building_id'),
    model: text('model').notNull(),
    timeZone: text('time_zone').notNull(),
    /** Left out by the exclusions in effect that day: kept, but never counted. */
    excluded: boolean('excluded').notNull().default(false),
    /** The day had ended when it was built: it is rebuilt only when late facts or a recompute ask. */
    complete: boolean('complete').notNull().default(false),
    /** Worked or had a task. */
    active: boolean('active').notNull().default(false),
    ...additiveColumns(),
    ...hourlyColumns(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.robotId, t.day] }),
    // Also analysis_robot_days_scope_idx on (company_id, day) include (robot_id, active, excluded, building_id,
    // model, complete, time_zone, tasks, completed, partial, cancelled, failed), written in migration 0023 (Drizzle
    // cannot declare INCLUDE): robot counts and the drill-down's totals are read from the index alone.
  ],
);

/**
 * The counted (not excluded) robot days of a company summed per building, model and day: a year of a thousand
 * robots is ~13,000 of these instead of ~367,000 robot days. Rebuilt from the robot days for every (company, day)
 * a roll-up batch touches, in the batch's transaction. `robots` and `activeRobots` count the robots of this one
 * day (a robot day is in exactly one group), so they add across groups of a day but never across days.
 */
export const analysisGroupDays = pgTable(
  'analysis_group_days',
  {
    companyId: uuid('company_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    buildingId: uuid('building_id'),
    model: text('model').notNull(),
    robots: counter('robots'),
    activeRobots: counter('active_robots'),
    ...additiveColumns(),
    ...hourlyColumns(),
  },
  (t) => [unique('analysis_group_days_key').on(t.companyId, t.day, t.buildingId, t.model).nullsNotDistinct()],
);

/** Errors of one robot's day by code: the Pareto's counts and the downtime each cost. */
export const analysisErrorDays = pgTable(
  'analysis_error_days',
  {
    companyId: uuid('company_id').notNull(),
    robotId: uuid('robot_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    code: text('code').notNull(),
    count: counter('count'),
    downtimeS: seconds('downtime_s'),
  },
  (t) => [
    primaryKey({ columns: [t.robotId, t.day, t.code] }),
    index('analysis_error_days_company_idx').on(t.companyId, t.day),
  ],
);

/** Robot days waiting to be (re)built: late facts, a changed setting, a recompute, a day that ended. */
export const analysisDirtyDays = pgTable(
  'analysis_dirty_days',
  {
    robotId: uuid('robot_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    companyId: uuid('company_id').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.robotId, t.day] }),
    // The roll-up takes the queue a (company, day) at a time: each batch touches few groups.
    index('analysis_dirty_days_order_idx').on(t.companyId, t.day, t.robotId),
  ],
);

/** How far the roll-up has read the facts: rows recorded after this are news. One row. */
export const analysisRollupMarks = pgTable('analysis_rollup_marks', {
  name: text('name').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/** One version of one setting: a kind, on a scope, from a date. */
export const analysisSettings = pgTable(
  'analysis_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    kind: text('kind').$type<SettingKind>().notNull(),
    scopeKind: text('scope_kind').$type<ScopeKind>().notNull(),
    /** The building or robot; null for the company. */
    scopeId: uuid('scope_id'),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    changedBy: uuid('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The company's own scope has no id: its versions must still be one per date.
    unique('analysis_settings_version')
      .on(t.companyId, t.kind, t.scopeKind, t.scopeId, t.effectiveFrom)
      .nullsNotDistinct(),
  ],
);

/** A report subscription: a KPI summary with the ranking attached, e-mailed on a schedule. */
export const analysisReports = pgTable(
  'analysis_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    name: text('name').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    frequency: text('frequency').$type<'daily' | 'weekly' | 'monthly'>().notNull(),
    sendAt: text('send_at').notNull(),
    timeZone: text('time_zone').notNull(),
    language: text('language').$type<'en' | 'zh'>().notNull(),
    units: text('units').$type<'metric' | 'imperial'>().notNull(),
    format: text('format').$type<'csv' | 'xlsx'>().notNull(),
    buildingIds: jsonb('building_ids').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull(),
    /** When it is due: an instance sends it only after moving this on (so two instances never both send). */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analysis_reports_due_idx').on(t.nextRunAt),
    index('analysis_reports_company_idx').on(t.companyId),
  ],
);

/** "A KPI missed its target N days running → e-mail." */
export const analysisAlerts = pgTable(
  'analysis_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    name: text('name').notNull(),
    kpi: text('kpi').$type<KpiId>().notNull(),
    days: integer('days').notNull(),
    buildingIds: jsonb('building_ids').$type<string[]>().notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    language: text('language').$type<'en' | 'zh'>().notNull(),
    enabled: boolean('enabled').notNull(),
    /** The last day of the run of bad days that made it go; it goes again only after a good day. */
    lastFiredOn: date('last_fired_on', { mode: 'string' }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analysis_alerts_company_idx').on(t.companyId)],
);
