import { ROBOT_STATUSES, TASK_RESULTS } from '@fleet/contract';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
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

/** Every order a robot finished, for analysis: how long, how far, how it ended. */
export const robotTasks = pgTable(
  'robot_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    robotId: uuid('robot_id').notNull(),
    orderId: text('order_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    result: text('result', { enum: TASK_RESULTS }).notNull(),
    distanceM: doublePrecision('distance_m').notNull(),
  },
  (t) => [
    index('robot_tasks_robot_idx').on(t.robotId, t.endedAt),
    index('robot_tasks_company_idx').on(t.companyId, t.endedAt),
  ],
);
