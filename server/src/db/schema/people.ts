import { PHONE_PREFIX_VALUES, ROLES } from '@fleet/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { companies } from './companies.js';

/*
 * The people area's tables, in the directory database (shared by every region).
 */

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phonePrefix: text('phone_prefix', { enum: PHONE_PREFIX_VALUES }),
    phoneNumber: text('phone_number'),
    /** Null until the person sets a password (invited accounts). */
    passwordHash: text('password_hash'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /**
     * Set when the person's provider de-provisioned them (SCIM): every session is refused and no sign-in opens a
     * new one. Their objects stay; clearing it (SCIM active again) lets them back in.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_phone_idx').on(t.phoneNumber),
    index('users_last_sign_in_idx').on(t.lastSignInAt),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    enableAudio: boolean('enable_audio').notNull().default(false),
    /**
     * The role was last set by single sign-on's group mapping: the next sign-in may lower it. A role set by hand
     * (false) is never lowered by the mapping, only raised.
     */
    roleBySso: boolean('role_by_sso').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    index('memberships_company_idx').on(t.companyId),
    // At most one owner per company; the operations keep at least one.
    uniqueIndex('memberships_one_owner').on(t.companyId).where(sql`role = 'owner'`),
  ],
);
