import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { buildings } from './buildings.js';
import { createdAt } from './columns.js';

/*
 * The devices area's tables, in the regional database (a region's operational data). company_id and user_id
 * point into the directory, which may be another database, so they carry no foreign key.
 */

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
