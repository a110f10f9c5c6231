import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/*
 * The companies area's tables, in the directory database (shared by every region).
 */

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** A subsidiary names its parent company. */
    parentId: uuid('parent_id'),
    region: text('region').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('companies_parent_idx').on(t.parentId), index('companies_name_idx').on(t.name)],
);
