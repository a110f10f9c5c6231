import { ROBOT_STATUSES, STATE_KINDS, TASK_OUTCOMES, TASK_TYPES } from '@fleet/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * The fleet area's tables, in the regional database (a region's operational data). company_id and user_id
 * point into the directory, which may be another database, so they carry no foreign key.
 */

/** The fleet's history: at most one row per robot per 10 s, plus every change of status, connection, errors or order. */
export const robotStateSamples = pgTable(
  'robot_state_samples',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    robotId: uuid('robot_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ROBOT_STATUSES }).notNull(),
    connection: text('connection'),
    mapId: text('map_id'),
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    theta: doublePrecision('theta'),
    battery: doublePrecision('battery'),
    charging: boolean('charging').notNull(),
    orderId: text('order_id'),
    errorCount: integer('error_count').notNull(),
  },
  (t) => [
    index('robot_state_samples_robot_idx').on(t.robotId, t.at),
    index('robot_state_samples_company_idx').on(t.companyId, t.at),
  ],
);

/** When a fact row was written: the analysis roll-up rebuilds the days of rows written since it last looked. */
const recordedAt = () => timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Every task a robot finished, for analysis: what it was, how long, how far, how it ended, what it met on the
 * way. Orders that are legs of one lift ride are one task. `building_id` is the robot's building when it ended.
 */
export const robotTasks = pgTable(
  'robot_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    robotId: uuid('robot_id').notNull(),
    buildingId: uuid('building_id'),
    orderId: text('order_id').notNull(),
    type: text('type', { enum: TASK_TYPES }).notNull().default('cruise'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    result: text('result', { enum: TASK_OUTCOMES }).notNull(),
    distanceM: doublePrecision('distance_m').notNull(),
    /** The maps (floors) it drove on. */
    mapIds: jsonb('map_ids').$type<string[]>().notNull().default([]),
    /** Cleaning work the robot reported (null when it reports none). */
    plannedAreaM2: doublePrecision('planned_area_m2'),
    cleanedAreaM2: doublePrecision('cleaned_area_m2'),
    liftRides: integer('lift_rides').notNull().default(0),
    liftWaitS: doublePrecision('lift_wait_s').notNull().default(0),
    /** Operators' commands to the robot while the task ran (pause, resume, cancel, a new goal). */
    interventions: integer('interventions').notNull().default(0),
    errorCodes: jsonb('error_codes').$type<string[]>().notNull().default([]),
    recordedAt: recordedAt(),
  },
  (t) => [
    index('robot_tasks_robot_idx').on(t.robotId, t.endedAt),
    // With the id, an export's keyset pages (ended_at, id) < (…) are read straight from the index, newest first.
    index('robot_tasks_company_idx').on(t.companyId, t.endedAt, t.id),
    index('robot_tasks_recorded_idx').on(t.recordedAt),
  ],
);

/**
 * A robot's time, cut into states: consecutive rows of one robot never overlap, and none is longer than an
 * hour (a state that lasts is written in pieces), so a day's rows are found from the hour before it.
 */
export const robotStateIntervals = pgTable(
  'robot_state_intervals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    robotId: uuid('robot_id').notNull(),
    buildingId: uuid('building_id'),
    state: text('state', { enum: STATE_KINDS }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    /** In the error state: the codes (VDA 5050 errorType) of the errors that caused it. */
    errorCodes: jsonb('error_codes').$type<string[]>().notNull().default([]),
    recordedAt: recordedAt(),
  },
  (t) => [
    index('robot_state_intervals_robot_idx').on(t.robotId, t.startedAt),
    index('robot_state_intervals_recorded_idx').on(t.recordedAt),
  ],
);

/** Each error a robot reported, from when it appeared to when it cleared (null while it lasts). */
export const robotErrorEvents = pgTable(
  'robot_error_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    robotId: uuid('robot_id').notNull(),
    buildingId: uuid('building_id'),
    code: text('code').notNull(),
    level: text('level').notNull(),
    description: text('description'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    recordedAt: recordedAt(),
  },
  (t) => [
    index('robot_error_events_robot_idx').on(t.robotId, t.startedAt),
    index('robot_error_events_recorded_idx').on(t.recordedAt),
    // One open event per robot and code, whichever instance saw it appear (insert-facts.ts).
    uniqueIndex('robot_error_events_open_idx').on(t.robotId, t.code).where(sql`ended_at is null`),
  ],
);

/**
 * The server instances sharing this region's fleet (several behind a load balancer, on one broker): each writes
 * its row every second, and the robots are shared among those seen in the last few seconds, so each robot's
 * history is written by exactly one of them (fleet/instances/instance-registry.ts).
 */
export const fleetInstances = pgTable('fleet_instances', {
  id: uuid('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
