import { COMMAND_STATUSES, COMMAND_TYPES } from '@fleet/contract';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { buildings } from './buildings.js';
import { createdAt } from './columns.js';

/*
 * The robots area's tables, in the regional database (a region's operational data). company_id and user_id
 * point into the directory, which may be another database, so they carry no foreign key.
 */

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
    /** An API application that sent it (its name kept: the application may be removed later). */
    issuedByApp: uuid('issued_by_app'),
    issuedByAppName: text('issued_by_app_name'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('robot_commands_robot_idx').on(t.robotId, t.createdAt)],
);
