import type { FastifyBaseLogger } from 'fastify';
import type { FieldCipher } from './auth/field-cipher.js';
import type { SessionOptions } from './auth/sessions.js';
import type { Tokens } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Fleet } from './fleet/fleet-service.js';
import type { Mailer } from './mail/mailer.js';
import type { LiftLink } from './modules/lifts/link/lift-link.js';
import type { ObjectStore } from './storage/object-store.js';

/** Everything a module needs, built once in app.ts and handed to each module's factory. */
export interface Services {
  config: Config;
  /** Accounts, companies, memberships, sessions: shared by every region. */
  dir: Db;
  /** This region's operational data. */
  reg: Db;
  directory: Database;
  regional: Database;
  tokens: Tokens;
  cipher: FieldCipher;
  mailer: Mailer;
  /** Floor map images: a folder under DATA_DIR or an S3 bucket. */
  storage: ObjectStore;
  /** Set once the fleet has started (after the routes are built, before the server listens). */
  fleet: Fleet | null;
  /** Set with the fleet: the lifts' link, live states and sessions. */
  lifts: LiftLink | null;
  /** How sessions are checked: idle time and the super company, resolved once. */
  sessionOptions: () => Promise<SessionOptions>;
  log: FastifyBaseLogger;
}
