import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
import { fleetInstances } from '../../db/schema/index.js';
import { rankOf } from './rendezvous.js';

/** Told, when the instances change, what this instance owned before the change. */
export type OwnershipListener = (ownedBefore: (key: string) => boolean) => void;

/** Which robots' history this instance writes, and whose events it tells. */
export interface FleetOwnership {
  /** Whether this instance owns the key: a robot's id, or anything else shared out the same way (a building's calls). */
  owns(key: string): boolean;
  /**
   * Whether this instance owns the key once its owner is gone (its successor): it keeps what the owner writes for a
   * while, so that a killed owner's last seconds are written by the one that takes over.
   */
  standsIn(key: string): boolean;
  /** The instances sharing the fleet, this one included (one, when it runs alone). */
  readonly instances: readonly string[];
  /** Whether other instances may share the fleet (an external broker and PostgreSQL): false when alone for good. */
  readonly shared: boolean;
  /** This instance's id among the others (null when alone for good). */
  readonly self: string | null;
  /**
   * Hears the instances change (one joined, stopped or died): what each owns may have moved. The listener is told
   * what this instance owned before.
   */
  onChange(listener: OwnershipListener): () => void;
  close(): Promise<void>;
}

/**
 * The key a building's work is shared out by: its mini-device calls and its lift sessions go to one instance, so the
 * robots a call sends ride the lifts of the same instance.
 */
export const buildingKey = (buildingId: string) => `building:${buildingId}`;

/** An instance with its own broker (or its own database) runs alone: every robot it hears is its own. */
export const ALONE: FleetOwnership = {
  owns: () => true,
  standsIn: () => false,
  instances: ['alone'],
  shared: false,
  self: null,
  onChange: () => () => {},
  close: async () => {},
};

export interface RegistryTimings {
  /** How often an instance says it is alive. */
  beatMs: number;
  /** An instance not heard from for this long is gone: its robots go to the others. */
  aliveMs: number;
}

export const REGISTRY_TIMINGS: RegistryTimings = { beatMs: 1000, aliveMs: 5000 };
/** Rows of instances gone this long are deleted (by whichever instance beats). */
const FORGET_AFTER_S = 3600;

/**
 * Instances on one broker all hear every robot (the live view needs that), so without a rule each would write
 * every robot's history and send every webhook. Each instance writes its row in `fleet_instances` every second;
 * the robots are shared among the instances seen in the last five seconds by rendezvous hashing, which every
 * instance computes alike. An instance that stops cleanly deletes its row and its robots move at the others' next
 * beat (≤ 1 s); one that dies moves them after five seconds. While the database cannot be reached, an instance keeps
 * the list it had rather than take every robot or none.
 */
export class InstanceRegistry implements FleetOwnership {
  readonly id = randomUUID();
  readonly shared = true;
  get self(): string {
    return this.id;
  }
  private list: string[] = [this.id];
  private readonly listeners = new Set<OwnershipListener>();
  /** Per key: whether this instance owns it (1), is its successor (2), or neither (0). */
  private readonly roles = new Map<string, 0 | 1 | 2>();
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> = Promise.resolve();
  /** When a beat last failed (the database away). */
  private failedAt = 0;

  private constructor(
    private readonly reg: Db,
    private readonly log: FastifyBaseLogger,
    private readonly timings: RegistryTimings,
  ) {}

  /** Joins the instances (the first beat is awaited, so ownership is known from the start). */
  static async start(
    reg: Db,
    log: FastifyBaseLogger,
    timings: RegistryTimings = REGISTRY_TIMINGS,
  ): Promise<InstanceRegistry> {
    const registry = new InstanceRegistry(reg, log, timings);
    await registry.beat();
    registry.timer = setInterval(() => {
      registry.beating = registry.beating.then(() => registry.beat());
    }, timings.beatMs);
    registry.timer.unref();
    return registry;
  }

  get instances(): readonly string[] {
    return this.list;
  }

  owns(key: string): boolean {
    return this.role(key) === 1;
  }

  standsIn(key: string): boolean {
    return this.role(key) === 2;
  }

  private role(key: string): 0 | 1 | 2 {
    let role = this.roles.get(key);
    if (role === undefined) {
      const [owner, successor] = rankOf(key, this.list);
      role = owner === this.id ? 1 : successor === this.id ? 2 : 0;
      this.roles.set(key, role);
    }
    return role;
  }

  onChange(listener: OwnershipListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.beating;
    try {
      await this.reg.delete(fleetInstances).where(eq(fleetInstances.id, this.id));
    } catch (err) {
      this.log.warn({ err }, 'fleet: leaving the instances failed; the others take over after the timeout');
    }
  }

  private async beat(): Promise<void> {
    try {
      const alive = sql.raw(String(Math.ceil(this.timings.aliveMs)));
      const rows = await rawRows<{ id: string }>(
        this.reg,
        sql`
        with me as (
          insert into ${fleetInstances} (id) values (${this.id})
          on conflict (id) do update set seen_at = now()
        ), gone as (
          delete from ${fleetInstances} where seen_at < now() - make_interval(secs => ${FORGET_AFTER_S})
        )
        select id from ${fleetInstances}
        where seen_at > now() - make_interval(secs => ${alive}::double precision / 1000) or id = ${this.id}
        order by id`,
      );
      const ids = rows.map((r) => r.id);
      if (!ids.includes(this.id)) ids.push(this.id);
      // Back after the database was away: the others could not say they were alive either. The instances it knew
      // stay until they have had the time to say so, rather than all robots moving here, then back.
      if (Date.now() - this.failedAt < this.timings.aliveMs + this.timings.beatMs)
        for (const id of this.list) if (!ids.includes(id)) ids.push(id);
      ids.sort();
      if (ids.join() !== this.list.join()) {
        this.log.info(
          { instance: this.id, instances: ids },
          'fleet: the instances sharing the robots changed',
        );
        const before = this.list;
        const ownedBefore = (key: string) => rankOf(key, before)[0] === this.id;
        this.list = ids;
        this.roles.clear();
        for (const listener of this.listeners) listener(ownedBefore);
      }
    } catch (err) {
      this.failedAt = Date.now();
      this.log.warn({ err }, 'fleet: could not say this instance is alive; keeping the robots it had');
    }
  }
}
