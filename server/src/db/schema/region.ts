import { COMMAND_STATUSES, COMMAND_TYPES, ROBOT_STATUSES, TASK_RESULTS } from '@fleet/contract';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/*
 * Regional tables: a region's operational data. company_id and user_id point into the directory
 * database, which may be another database, so they carry no foreign key.
 */

export const buildings = pgTable(
  'buildings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    name: text('name').notNull(),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** IANA name: the building's local time for schedules and reports. */
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: createdAt(),
  },
  (t) => [index('buildings_company_idx').on(t.companyId)],
);

export const miniDevices = pgTable(
  'mini_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    buildingId: uuid('building_id').references(() => buildings.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    serialNumber: text('serial_number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mini_devices_company_idx').on(t.companyId),
    uniqueIndex('mini_devices_serial_unique').on(t.serialNumber),
  ],
);

export const robots = pgTable(
  'robots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    buildingId: uuid('building_id').references(() => buildings.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    manufacturer: text('manufacturer').notNull(),
    serialNumber: text('serial_number').notNull(),
    model: text('model').notNull(),
    /** SHA-256 of the robot's MQTT password (a random secret, so a fast hash is enough). */
    mqttSecretHash: text('mqtt_secret_hash'),
    /** Longer than this without a message and the console shows the robot as stale. */
    expectedIntervalSeconds: integer('expected_interval_seconds').notNull().default(30),
    createdAt: createdAt(),
  },
  (t) => [
    index('robots_company_idx').on(t.companyId),
    uniqueIndex('robots_identity_unique').on(t.manufacturer, t.serialNumber),
  ],
);

/** Which robots a person may operate. */
export const robotAssignments = pgTable(
  'robot_assignments',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    robotId: uuid('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.robotId] }),
    index('robot_assignments_company_idx').on(t.companyId),
  ],
);

/** Every command sent to a robot from the console, with the progress the robot reported. */
export const robotCommands = pgTable(
  'robot_commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    robotId: uuid('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    type: text('type', { enum: COMMAND_TYPES }).notNull(),
    status: text('status', { enum: COMMAND_STATUSES }).notNull(),
    /** The VDA 5050 actionId or orderId the robot reports progress under. */
    reference: text('reference').notNull(),
    detail: text('detail'),
    issuedBy: uuid('issued_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('robot_commands_robot_idx').on(t.robotId, t.createdAt)],
);

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
