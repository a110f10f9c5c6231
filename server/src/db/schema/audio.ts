import type {
  AudioDeployState,
  AudioFormat,
  AudioGroupKind,
  ClipPurpose,
  GroupContent,
  GroupTargets,
  TimeWindow,
} from '@fleet/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { buildings } from './buildings.js';
import { createdAt } from './columns.js';
import { robots } from './robots.js';

/*
 * The audio area's tables, in the regional database. company_id and user ids point into the directory, which may
 * be another database, so they carry no foreign key.
 */

/** A sound file kept in the object store under `storage_key`; what it is was read from its bytes. */
export const audioClips = pgTable(
  'audio_clips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    name: text('name').notNull(),
    lang: text('lang'),
    purpose: text('purpose').$type<ClipPurpose>().notNull(),
    format: text('format').$type<AudioFormat>().notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    sampleRate: integer('sample_rate'),
    channels: integer('channels'),
    bitrate: integer('bitrate'),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdBy: uuid('created_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('audio_clips_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * A voice pack or a playlist. `content` and `targets` are the draft; what robots have is a version.
 * `clip_ids` is the draft's clips, kept beside the content so "which groups use this clip" is one index scan.
 */
export const audioGroups = pgTable(
  'audio_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<AudioGroupKind>().notNull(),
    content: jsonb('content').$type<GroupContent>().notNull(),
    targets: jsonb('targets').$type<GroupTargets>().notNull(),
    clipIds: uuid('clip_ids').array().notNull().default(sql`'{}'::uuid[]`),
    activeVersion: integer('active_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('audio_groups_company_name_unique').on(t.companyId, t.name),
    index('audio_groups_clip_ids_idx').using('gin', t.clipIds),
  ],
);

/** A published version: frozen, so a rollback brings back exactly what robots had. */
export const audioGroupVersions = pgTable(
  'audio_group_versions',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => audioGroups.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    companyId: uuid('company_id').notNull(),
    content: jsonb('content').$type<GroupContent>().notNull(),
    targets: jsonb('targets').$type<GroupTargets>().notNull(),
    clipIds: uuid('clip_ids').array().notNull(),
    restoredFrom: integer('restored_from'),
    publishedBy: uuid('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.version] }),
    index('audio_group_versions_clip_ids_idx').using('gin', t.clipIds),
  ],
);

/** Where one robot is with one group's active version (docs/protocols.md "Audio on robots"). */
export const audioDeployments = pgTable(
  'audio_deployments',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => audioGroups.id, { onDelete: 'cascade' }),
    robotId: uuid('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    version: integer('version').notNull(),
    state: text('state').$type<AudioDeployState>().notNull(),
    reason: text('reason'),
    /** The download action last sent, matched against the robot's actionStates. */
    actionId: text('action_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.robotId] }),
    index('audio_deployments_robot_idx').on(t.robotId),
  ],
);

/** Which voice pack speaks a language on a robot: one each, chosen when two packs meet at publication. */
export const audioVoiceWinners = pgTable(
  'audio_voice_winners',
  {
    robotId: uuid('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => audioGroups.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.robotId, t.lang] }), index('audio_voice_winners_group_idx').on(t.groupId)],
);

/** A building's quiet hours and volume cap; a building without a row allows any time at full volume. */
export const audioBuildingRules = pgTable('audio_building_rules', {
  buildingId: uuid('building_id')
    .primaryKey()
    .references(() => buildings.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id').notNull(),
  quietHours: jsonb('quiet_hours').$type<TimeWindow[]>().notNull(),
  volumeCap: integer('volume_cap').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
