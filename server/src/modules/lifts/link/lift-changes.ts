import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { type Listen, whenRelinked } from '../../../fleet/robot-changes.js';
import { allBanks, allGateways, allLifts, type LiftRow } from '../repo.js';
import { identityOfLift } from './identity-of-lift.js';
import type { LiftIdentity, LiftLiveStore } from './lift-live-store.js';

/** The channel migration 0024's triggers notify with `<kind>:<id>` when what the live store holds changes. */
export const LIFTS_CHANNEL = 'fc_lifts_changed';

export interface LiftChange {
  kind: 'lift' | 'bank' | 'gateway';
  id: string;
}

const KINDS: ReadonlySet<string> = new Set<LiftChange['kind']>(['lift', 'bank', 'gateway']);

/** A notification's payload, or null for one that is not `lift:`, `bank:` or `gateway:` and an id. */
export function parseLiftChange(payload: string): LiftChange | null {
  const at = payload.indexOf(':');
  const kind = payload.slice(0, at);
  const id = payload.slice(at + 1);
  if (at < 0 || !KINDS.has(kind) || id === '') return null;
  return { kind: kind as LiftChange['kind'], id };
}

/** What a change is read into: the lift link's store and its banks' limits. */
export interface LiftConfigTarget {
  readonly store: LiftLiveStore;
  setBankLimit(bankId: string, maxSessions: number): void;
  /** Registers every gateway, bank and lift of the database; answers the gateways and lifts it read. */
  load(): Promise<{ gatewayIds: ReadonlySet<string>; liftIds: ReadonlySet<string> }>;
  /** A lift gone from the database: what this instance runs on it ends, and the store forgets it. */
  forgetLift(liftId: string): void;
}

const sameIdentity = (a: LiftIdentity | undefined, b: LiftIdentity) =>
  a !== undefined && (Object.keys(b) as Array<keyof LiftIdentity>).every((k) => a[k] === b[k]);

/**
 * Every instance on one database keeps every lift live, and the one carrying a building runs its rides and
 * sessions: a lift, bank or gateway created, edited, removed or set out of service through another instance (or by
 * hand in the database) is read again here, or forgotten, within moments. The reads run one after another, so an
 * older read never lands after a newer one. While the link that hears it is down, changes may be missed: when it is
 * back, everything is read again.
 */
export async function followLiftChanges(
  listen: Listen,
  reg: Db,
  link: LiftConfigTarget,
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void> }> {
  const { store } = link;
  let queue: Promise<void> = Promise.resolve();
  const inTurn = (read: () => Promise<void>, failed: string, context: object = {}) => {
    queue = queue.then(read).catch((err: unknown) => log.warn({ err, ...context }, failed));
  };
  const keep = ({ lift, buildingId }: { lift: LiftRow; buildingId: string }) => {
    const identity = identityOfLift(lift, buildingId);
    // This instance hears its own changes too, registered already by the handler that made them.
    if (!sameIdentity(store.identity(lift.id), identity)) store.register(identity);
  };
  const read = async ({ kind, id }: LiftChange) => {
    if (kind === 'lift') {
      const [row] = await allLifts(reg, { liftId: id });
      if (row) keep(row);
      else link.forgetLift(id);
    } else if (kind === 'gateway') {
      const [gateway] = await allGateways(reg, id);
      if (gateway) store.registerGateway(id);
      else store.unregisterGateway(id);
    } else {
      // A bank removed removes its lifts, each of which is told; one kept may have moved its lifts.
      const [bank] = await allBanks(reg, id);
      if (!bank) return;
      link.setBankLimit(bank.id, bank.policy.maxSessions);
      for (const row of await allLifts(reg, { bankId: id })) keep(row);
    }
  };
  const readAll = async () => {
    const kept = await link.load();
    for (const id of store.liftIds()) if (!kept.liftIds.has(id)) link.forgetLift(id);
    store.forgetAllBut(kept.liftIds, kept.gatewayIds);
  };
  return listen(LIFTS_CHANNEL, {
    onMessage: (payload) => {
      const change = parseLiftChange(payload);
      if (change) inTurn(() => read(change), 'lifts: a changed lift was not read', change);
    },
    onLink: whenRelinked(() => inTurn(readAll, 'lifts: the lifts were not read again')),
  });
}
