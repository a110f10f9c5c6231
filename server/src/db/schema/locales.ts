import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The locales area's tables, in the directory database (shared by every region).
 */

export const missingTranslationKeys = pgTable(
  'missing_translation_keys',
  {
    lng: text('lng').notNull(),
    ns: text('ns').notNull(),
    key: text('key').notNull(),
    defaultValue: text('default_value').notNull(),
    reports: integer('reports').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lng, t.ns, t.key] })],
);
