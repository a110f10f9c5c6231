import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './auth.js';
import { createdAt } from './columns.js';
import { companies } from './companies.js';
import { users } from './people.js';

/*
 * The sso area's tables, in the directory database (shared by every region).
 */

export const ssoConfigs = pgTable(
  'sso_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** AES-256-GCM ciphertext; the secret is never returned. */
    clientSecretEnc: text('client_secret_enc').notNull(),
    emailDomains: jsonb('email_domains').$type<string[]>().notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default(['openid', 'email', 'profile']),
    emailClaim: text('email_claim').notNull().default('email'),
    nameClaim: text('name_claim').notNull().default('name'),
    groupsClaim: text('groups_claim').notNull().default('groups'),
    jit: boolean('jit').notNull().default(false),
    defaultRole: text('default_role', { enum: ['admin', 'staff'] })
      .notNull()
      .default('staff'),
    groupRoles: jsonb('group_roles')
      .$type<{ group: string; role: 'admin' | 'staff' }[]>()
      .notNull()
      .default([]),
    strictGroups: boolean('strict_groups').notNull().default(false),
    enforcement: text('enforcement', { enum: ['off', 'optional', 'required'] })
      .notNull()
      .default('off'),
    breakGlassUserIds: jsonb('break_glass_user_ids').$type<string[]>().notNull().default([]),
    /** When a sign-in through the current connection last passed the test; null after the connection changes. */
    testedAt: timestamp('tested_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** SHA-256 of the SCIM bearer token; the token itself is shown once. */
    scimTokenHash: text('scim_token_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_configs_company_unique').on(t.companyId),
    uniqueIndex('sso_configs_scim_token_unique').on(t.scimTokenHash),
  ],
);

/** A person's account at a provider: found by (issuer, subject), never by e-mail once linked. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    configId: uuid('config_id')
      .notNull()
      .references(() => ssoConfigs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sso_identities_issuer_subject').on(t.issuer, t.subject),
    index('sso_identities_user_idx').on(t.userId),
  ],
);

/**
 * A sign-in under way at the provider: its state (hashed), PKCE verifier and nonce, kept server-side so any
 * instance can finish it and each is used once. `testerId` marks the connection test of a super admin.
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    configId: uuid('config_id')
      .notNull()
      .references(() => ssoConfigs.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    testerId: uuid('tester_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_flows_expires_idx').on(t.expiresAt)],
);

/** A finished sign-in's one-time ticket (hashed): the console exchanges it for the session's token once. */
export const ssoTickets = pgTable('sso_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
