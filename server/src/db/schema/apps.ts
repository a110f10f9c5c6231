import type { ApiScope, DeliveryStatus, WebhookEvent } from '@fleet/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/*
 * The apps area's tables, in the regional database beside the robots the applications act on. company_id and
 * created_by point into the directory, which may be another database, so they carry no foreign key.
 */

/** An API application of a company: an integrator's system that calls the open API and receives webhooks. */
export const apiApps = pgTable(
  'api_apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    name: text('name').notNull(),
    /** The OAuth 2.0 client id: public, unique. */
    accessKey: text('access_key').notNull(),
    scopes: jsonb('scopes').$type<ApiScope[]>().notNull(),
    allRobots: boolean('all_robots').notNull().default(false),
    robotIds: jsonb('robot_ids').$type<string[]>().notNull().default([]),
    buildingIds: jsonb('building_ids').$type<string[]>().notNull().default([]),
    /** Empty: from anywhere. */
    ipRanges: jsonb('ip_ranges').$type<string[]>().notNull().default([]),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Kept when the person leaves the company: the application is then flagged for an owner's review. */
    createdBy: uuid('created_by'),
    /** Written at most once a minute per instance (usage is counted in memory and flushed). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_apps_access_key_idx').on(t.accessKey),
    index('api_apps_company_idx').on(t.companyId, t.createdAt),
  ],
);

/** An application's secrets: the current one (no expiry) and any rotated out while their overlap lasts. */
export const apiAppSecrets = pgTable(
  'api_app_secrets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apiApps.id, { onDelete: 'cascade' }),
    /** SHA-256 of the secret, base64url: the secret is random, 32 bytes, so no slow hash is needed. */
    secretHash: text('secret_hash').notNull(),
    /** Its first characters, to tell secrets apart on screen. */
    hint: text('hint').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('api_app_secrets_app_idx').on(t.appId)],
);

/** Access tokens handed out by the token endpoint, kept as their hash until they expire. */
export const apiAppTokens = pgTable(
  'api_app_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apiApps.id, { onDelete: 'cascade' }),
    /** The secret it was issued for: a secret rotated out takes its tokens with it when its overlap ends. */
    secretId: uuid('secret_id')
      .notNull()
      .references(() => apiAppSecrets.id, { onDelete: 'cascade' }),
    scopes: jsonb('scopes').$type<ApiScope[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('api_app_tokens_expiry_idx').on(t.expiresAt)],
);

/** Calls per application per hour, answered and refused: the usage chart. */
export const apiAppUsage = pgTable(
  'api_app_usage',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apiApps.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    calls: integer('calls').notNull().default(0),
    refused: integer('refused').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.hour] })],
);

/** Where an application is told what happened, signed with a secret of its own. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apiApps.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    active: boolean('active').notNull().default(true),
    /** The signing secret, encrypted with the field cipher: it is needed in clear to sign each delivery. */
    secretCipher: text('secret_cipher').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhooks_app_idx').on(t.appId), index('webhooks_company_idx').on(t.companyId)],
);

/**
 * One event for one webhook: written before the first attempt, so a restart resumes what was under way. The body
 * is kept as sent, so every retry carries the same bytes and the same `webhook-id`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    statusCode: integer('status_code'),
    error: text('error'),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Which instance is sending it now, and until when: another instance takes it over after that. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status in ('pending', 'retrying')`),
  ],
);
