import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, ListenHandlers } from '../db/client.js';
import { robots } from '../db/schema/index.js';
import { identityOf } from './identity-of.js';
import type { LiveStore } from './live-store.js';

/** The channel migration 0021's trigger notifies with a robot's id when who it is changes. */
export const ROBOTS_CHANNEL = 'fc_robots_changed';

export type Listen = (channel: string, handlers: ListenHandlers) => Promise<{ close(): Promise<void> }>;

/**
 * A listener's `onLink` that runs `readAgain` when the link comes back after it was lost (changes may have been
 * missed meanwhile), not when it first comes up.
 */
export function whenRelinked(readAgain: () => void): ListenHandlers['onLink'] {
  let wasDown = false;
  return (up) => {
    if (!up) {
      wasDown = true;
      return;
    }
    if (!wasDown) return;
    wasDown = false;
    readAgain();
  };
}

/**
 * Every instance on one database follows every robot live: one registered, edited or removed through another
 * instance (or by hand in the database) is read again here, or forgotten, within moments. While the link that hears
 * it is down, changes may be missed: when it is back, every robot is read again.
 */
export async function followRobotChanges(
  listen: Listen,
  reg: Db,
  store: LiveStore,
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void> }> {
  const reload = async (id: string) => {
    const [row] = await reg.select().from(robots).where(eq(robots.id, id));
    if (row) store.register(identityOf(row));
    else store.unregister(id);
  };
  const reloadAll = async () => {
    const rows = await reg.select().from(robots);
    const kept = new Set(rows.map((r) => r.id));
    for (const identity of store.identities()) if (!kept.has(identity.id)) store.unregister(identity.id);
    for (const row of rows) store.register(identityOf(row));
  };
  return listen(ROBOTS_CHANNEL, {
    onMessage: (id) => {
      reload(id).catch((err: unknown) =>
        log.warn({ err, robotId: id }, 'fleet: a changed robot was not read'),
      );
    },
    onLink: whenRelinked(() =>
      reloadAll().catch((err: unknown) => log.warn({ err }, 'fleet: the robots were not read again')),
    ),
  });
}
