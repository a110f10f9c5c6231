import type { FastifyBaseLogger } from 'fastify';
import type { AuthCache } from './auth/auth-cache.js';
import type { FieldCipher } from './auth/field-cipher.js';
import type { SessionOptions } from './auth/sessions.js';
import type { SignedLinks } from './auth/signed-links.js';
import type { Tokens } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Fleet } from './fleet/fleet-service.js';
import type { Mailer } from './mail/mailer.js';
import type { RollupWorker } from './modules/analysis/rollup/rollup-worker.js';
import type { AppGate } from './modules/apps/app-gate.js';
import type { WebhookDispatcher } from './modules/apps/webhooks/webhook-dispatcher.js';
import type { AudioDeployer } from './modules/audio/deploy/audio-deployer.js';
import type { DeviceLink } from './modules/devices/link/device-link.js';
import type { LiftLink } from './modules/lifts/link/lift-link.js';
import type { ObjectStore } from './storage/object-store.js';

/** Everything a module needs, built once in app.ts and handed to each module's factory. */
export interface Services {
  config: Config;
  /** Accounts, companies, memberships, sessions: shared by every region. */
  dir: Db;
  /** This region's operational data. */
  reg: Db;
  tokens: Tokens;
  /** Links that are their own key for a while: robots' audio downloads, a browser playing a clip. */
  links: SignedLinks;
  cipher: FieldCipher;
  mailer: Mailer;
  /** Floor map images: a folder under DATA_DIR or an S3 bucket. */
  storage: ObjectStore;
  /** The robots: broker, live store, commands, history. Started before the routes are built. */
  fleet: Fleet;
  /** The lifts' link, live states and sessions; started with the fleet. */
  lifts: LiftLink;
  /** The mini devices' link, live states and calls; started with the fleet. */
  devices: DeviceLink;
  /** Gets audio group versions onto robots and follows them there; plays sound on one robot now. */
  audio: AudioDeployer;
  /** Keeps the per-robot-day roll-ups of analysis in step with the fleet's facts and the settings. */
  analysis: RollupWorker;
  /** The open API's allowed addresses, rate limits and usage counts. */
  appGate: AppGate;
  /** Signs and delivers webhooks, retrying for a day; fed by the fleet's events. */
  webhooks: WebhookDispatcher;
  /** How sessions are checked: idle time and the super company, resolved once. */
  sessionOptions: () => Promise<SessionOptions>;
  /** Who callers are, kept between requests and dropped by any change to it on any instance. */
  auth: AuthCache;
  log: FastifyBaseLogger;
}
