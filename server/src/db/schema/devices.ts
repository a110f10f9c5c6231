import type { CallState, DeviceEventKind, DeviceType } from '@fleet/contract';
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
import { buildings, floors } from './buildings.js';
import { createdAt } from './columns.js';

/*
 * The devices area's tables, in the regional database (a region's operational data). company_id and user_id
 * point into the directory, which may be another database, so they carry no foreign key.
 */

/**
 * A mini device: a call button, a pager, a small box. Its name is its serial and its MQTT topic level, unique in
 * the region; its place is a building, and for a calling device a floor and a point on that floor's map.
 */
export const miniDevices = pgTable(
  'mini_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    buildingId: uuid('building_id').references(() => buildings.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** What people call it: "Table 12", "Room 305". */
    label: text('label').notNull().default(''),
    type: text('type').$type<DeviceType>().notNull().default('callButton'),
    model: text('model').notNull().default(''),
    /** As the device last said in its heartbeat. */
    firmware: text('firmware'),
    floorId: uuid('floor_id').references(() => floors.id, { onDelete: 'set null' }),
    /** Metres, in the floor map's frame. */
    pointX: doublePrecision('point_x'),
    pointY: doublePrecision('point_y'),
    /** Robots and models that may answer it; both empty: any robot of its building. */
    allowedRobotIds: jsonb('allowed_robot_ids').$type<string[]>().notNull().default([]),
    allowedModels: jsonb('allowed_models').$type<string[]>().notNull().default([]),
    /** Percent: a robot charged below it is not sent. */
    minBattery: integer('min_battery').notNull().default(20),
    /** How often it says it is alive; three missed and it is offline. */
    heartbeatS: integer('heartbeat_s').notNull().default(60),
    /** SHA-256 of the MQTT password, as robots'; null: it cannot log in (registered before credentials). */
    mqttSecretHash: text('mqtt_secret_hash'),
    /** The live state as last written down, a few seconds behind (searches filter on it; a restart starts from it). */
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    battery: integer('battery'),
    rssi: integer('rssi'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mini_devices_company_idx').on(t.companyId),
    index('mini_devices_building_idx').on(t.buildingId),
    uniqueIndex('mini_devices_name_unique').on(t.name),
    // /device lists a company's devices by label, a page at a time: read in order, never sorted whole.
    index('mini_devices_company_label_idx').on(t.companyId, t.label, t.name, t.id),
    // A name or label typed (ILIKE '%…%') finds its rows through trigrams (pg_trgm) among 100,000.
    index('mini_devices_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('mini_devices_label_trgm_idx').using('gin', sql`${t.label} gin_trgm_ops`),
  ],
);

/** A press answered (or not) by a robot; its steps are device_events with its id. */
export const deviceCalls = pgTable(
  'device_calls',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id').notNull(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => miniDevices.id, { onDelete: 'cascade' }),
    buildingId: uuid('building_id').notNull(),
    state: text('state').$type<CallState>().notNull(),
    robotId: uuid('robot_id'),
    robotName: text('robot_name'),
    /** The go-to order the answering robot was sent: an instance taking the call over follows it. */
    orderId: text('order_id'),
    escalated: boolean('escalated').notNull().default(false),
    note: text('note'),
    /** When a robot was assigned and when it arrived: the response times analysis reads. */
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('device_calls_device_idx').on(t.companyId, t.deviceId, t.createdAt),
    index('device_calls_company_idx').on(t.companyId, t.createdAt),
    /** Open calls by building: what an instance taking a building's calls over reads. */
    index('device_calls_open_idx').on(t.buildingId).where(sql`ended_at is null`),
  ],
);

/** One step of a device's life: a press, a call's step, an identify, online, offline, bound… */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => miniDevices.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').$type<DeviceEventKind>().notNull(),
    callId: uuid('call_id'),
    actorId: uuid('actor_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('device_events_device_idx').on(t.companyId, t.deviceId, t.at)],
);
