import type { DoorSide, LiftAdapter, LiftLanding, LiftPolicy, LiftVendor } from '@fleet/contract';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { buildings } from './buildings.js';
import { createdAt } from './columns.js';

/*
 * The lifts area's tables, in the regional database. company_id is on every row so that every query is scoped
 * by the caller's company without a join; user ids point into the directory and carry no foreign key.
 */

/** An MQTT login for a lift adapter or relay box; its topics are `{LIFT_TOPIC_PREFIX}/{id}/…`. */
export const liftGateways = pgTable(
  'lift_gateways',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    name: text('name').notNull(),
    /** scrypt hash of the MQTT password, as robots' (see auth/passwords). */
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lift_gateways_company_idx').on(t.companyId)],
);

/** Lifts of a building that share a gateway, a vendor and a policy for robots. */
export const liftBanks = pgTable(
  'lift_banks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    vendor: text('vendor').$type<LiftVendor>().notNull(),
    gatewayId: uuid('gateway_id')
      .notNull()
      .references(() => liftGateways.id, { onDelete: 'restrict' }),
    adapter: jsonb('adapter').$type<LiftAdapter>().notNull(),
    /** The adapter's credential, encrypted with the field cipher; never answered. */
    adapterCredential: text('adapter_credential'),
    policy: jsonb('policy').$type<LiftPolicy>().notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('lift_banks_company_idx').on(t.companyId), index('lift_banks_building_idx').on(t.buildingId)],
);

/** One car. Its landings (floor codes and waypoints) are kept with it: they are checked and changed as a whole. */
export const lifts = pgTable(
  'lifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    bankId: uuid('bank_id')
      .notNull()
      .references(() => liftBanks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The gateway reports the car under this topic level. */
    gatewayLiftName: text('gateway_lift_name').notNull(),
    /** Copied from the bank, so that (gateway, lift name) can be unique. */
    gatewayId: uuid('gateway_id').notNull(),
    doorSides: jsonb('door_sides').$type<DoorSide[]>().notNull(),
    servedFloorIds: jsonb('served_floor_ids').$type<string[]>().notNull(),
    landings: jsonb('landings').$type<LiftLanding[]>().notNull(),
    maxRobots: integer('max_robots').notNull().default(1),
    enabledForRobots: boolean('enabled_for_robots').notNull().default(false),
    outOfService: boolean('out_of_service').notNull().default(false),
    testPassedAt: timestamp('test_passed_at', { withTimezone: true }),
    /** The last change of what a test call checks (gateway name, floors, landings). */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('lifts_company_idx').on(t.companyId),
    index('lifts_bank_idx').on(t.bankId),
    uniqueIndex('lifts_gateway_name_unique').on(t.gatewayId, t.gatewayLiftName),
  ],
);

/** Who changed a bank or a lift, when, and which fields from what to what: one row per version. */
export const liftConfigChanges = pgTable(
  'lift_config_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    bankId: uuid('bank_id').notNull(),
    /** Null for a change of the bank itself. */
    liftId: uuid('lift_id'),
    version: integer('version').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    changes: jsonb('changes').$type<Array<{ field: string; from: unknown; to: unknown }>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lift_config_changes_bank_idx').on(t.companyId, t.bankId, t.at)],
);

/**
 * A lift session: the console holding a car in `agv` mode for robots (a ride), an operator or a test call. Its id
 * is the `sessionId` of the lift link. Kept so that a restart of the server finds and ends what it left open.
 */
export const liftSessions = pgTable(
  'lift_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['ride', 'test', 'operator'] }).notNull(),
    /** The robots riding in it (one unless the lift takes more). */
    robotIds: jsonb('robot_ids').$type<string[]>().notNull(),
    /** Who opened it by hand (operator, test call). */
    openedBy: uuid('opened_by'),
    phase: text('phase').notNull(),
    fromFloor: text('from_floor'),
    toFloor: text('to_floor'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    /** The server ends the session at this time, whatever it waits for. */
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    endedBy: uuid('ended_by'),
    endNote: text('end_note'),
    /** The console instance that holds it, when several share the fleet (null: an instance running alone). */
    instanceId: uuid('instance_id'),
  },
  (t) => [
    index('lift_sessions_lift_idx').on(t.liftId, t.openedAt),
    index('lift_sessions_open_idx').on(t.endedAt),
  ],
);

/**
 * A robot's ride on a lift, from its command to its end (LIFTS-RIDES-CARRIED): the plan and the ride's last state,
 * written as it goes, so that the instance carrying the lift's building runs it, and the one carrying it next (its
 * carrier stopped or died) goes on from where it was. Its id is the ride's, and its session's when it holds one.
 */
export const liftRides = pgTable(
  'lift_rides',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id').notNull(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    robotId: uuid('robot_id').notNull(),
    /** The robot command the ride carries out (its status follows the ride's end). */
    commandId: uuid('command_id'),
    /** The ride's plan (`RidePlan`): the lift, the landings, the station, the policy. */
    plan: jsonb('plan').$type<unknown>().notNull(),
    /** The ride's state as last written (`RideSnapshot`); null until it first moved. */
    state: jsonb('state').$type<unknown>(),
    /** The instance running it; null while it waits to be taken up by the carrier of the lift's building. */
    instanceId: uuid('instance_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** A cancel asked for on an instance that does not run the ride: whoever runs it ends it with this reason. */
    cancelNote: text('cancel_note'),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endNote: text('end_note'),
  },
  (t) => [index('lift_rides_open_idx').on(t.endedAt), index('lift_rides_robot_idx').on(t.robotId)],
);

/** What happened at a lift: calls, arrivals, door holds, timeouts, releases, mode changes, operators' actions. */
export const liftEvents = pgTable(
  'lift_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    sessionId: uuid('session_id'),
    robotId: uuid('robot_id'),
    actorId: uuid('actor_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('lift_events_lift_idx').on(t.companyId, t.liftId, t.at)],
);
