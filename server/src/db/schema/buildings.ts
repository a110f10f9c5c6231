import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/*
 * The buildings area's tables, in the regional database (a region's operational data). company_id and user_id
 * point into the directory, which may be another database, so they carry no foreign key.
 * company_id is repeated on floors and stations so that every query is scoped by the caller's company
 * without a join.
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

/** A storey. Its id is the VDA 5050 mapId robots report on it; the map columns stay null until an upload. */
export const floors = pgTable(
  'floors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    level: integer('level').notNull(),
    /** Key of the image in the object store (local folder or S3); a new key per upload. */
    mapKey: text('map_key'),
    mapContentType: text('map_content_type', { enum: ['image/png', 'image/jpeg'] }),
    mapWidth: integer('map_width'),
    mapHeight: integer('map_height'),
    /** Metres per pixel. */
    mapResolution: doublePrecision('map_resolution'),
    /** Metres, map frame, of the lower-left corner of the image (ROS map_server's origin). */
    mapOriginX: doublePrecision('map_origin_x'),
    mapOriginY: doublePrecision('map_origin_y'),
    mapUploadedAt: timestamp('map_uploaded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('floors_company_idx').on(t.companyId),
    uniqueIndex('floors_building_level_unique').on(t.buildingId, t.level),
  ],
);

/** A named pose on a floor robots can be sent to. */
export const stations = pgTable(
  'stations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    floorId: uuid('floor_id')
      .notNull()
      .references(() => floors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    theta: doublePrecision('theta').notNull().default(0),
    charger: boolean('charger').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('stations_company_idx').on(t.companyId),
    uniqueIndex('stations_floor_name_unique').on(t.floorId, t.name),
  ],
);
