import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { apiApps, apiAppUsage } from '../../db/schema/index.js';

const FLUSH_MS = 10_000;
const HOUR_MS = 3_600_000;
/** The usage chart shows at most 30 days; hours older than this leave the table. */
const USAGE_KEPT_DAYS = 90;

interface Bucket {
  tokens: number;
  at: number;
  limit: number;
}

/**
 * What every open API call goes through after its token: the application's allowed addresses, its rate limit
 * (a token bucket holding a minute's calls, refilled continuously), and the count of calls for the usage chart
 * and "last used", kept in memory and written every ten seconds so a call costs no write.
 *
 * The bucket is per instance: behind a load balancer of N instances an application may reach N times its limit
 * at worst (docs/api-apps.md says so); the limit protects each instance, which is what it is for.
 */
export class AppGate {
  private readonly buckets = new Map<string, Bucket>();
  private readonly ranges = new Map<string, BlockList>();
  private counts = new Map<string, { hour: number; calls: number; refused: number; lastAt: number }>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private lastPrune = 0;

  constructor(
    private readonly reg: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** True when `ip` is inside one of the ranges (or there are none). */
  allows(ranges: readonly string[], ip: string): boolean {
    if (!ranges.length) return true;
    const key = ranges.join(',');
    let list = this.ranges.get(key);
    if (!list) {
      list = new BlockList();
      for (const r of ranges) addRange(list, r);
      if (this.ranges.size > 10_000) this.ranges.clear();
      this.ranges.set(key, list);
    }
    // An IPv4 client reaching a dual-stack socket shows as ::ffff:a.b.c.d.
    const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
    const family = isIPv4(plain) ? 'ipv4' : isIPv6(plain) ? 'ipv6' : null;
    return family !== null && list.check(plain, family);
  }

  /** Takes one call from the application's bucket: null when it may go on, else the seconds until it may. */
  take(appId: string, limitPerMinute: number): number | null {
    const t = this.now();
    const perMs = limitPerMinute / 60_000;
    let b = this.buckets.get(appId);
    if (!b || b.limit !== limitPerMinute) {
      b = { tokens: limitPerMinute, at: t, limit: limitPerMinute };
      this.buckets.set(appId, b);
    }
    b.tokens = Math.min(limitPerMinute, b.tokens + (t - b.at) * perMs);
    b.at = t;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
  }

  /** Counts a finished call of the application. */
  count(appId: string, refused: boolean): void {
    const t = this.now();
    const hour = Math.floor(t / HOUR_MS) * HOUR_MS;
    const key = `${appId}|${hour}`;
    const c = this.counts.get(key) ?? { hour, calls: 0, refused: 0, lastAt: t };
    if (refused) c.refused++;
    else c.calls++;
    c.lastAt = t;
    this.counts.set(key, c);
  }

  /** Writes the counts gathered since the last flush: one upsert of every application's hours. */
  flush(): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.write())
      .catch((err: unknown) => {
        this.log.error({ err }, 'API application usage not written');
      });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.now() - this.lastPrune > HOUR_MS) {
      this.lastPrune = this.now();
      await this.reg.execute(
        sql`delete from ${apiAppUsage} where hour < now() - make_interval(days => ${USAGE_KEPT_DAYS})`,
      );
    }
    if (!this.counts.size) return;
    const counts = this.counts;
    this.counts = new Map();
    try {
      await this.writeCounts(counts);
    } catch (err) {
      // Not lost: counted again with the next flush (the transaction wrote nothing).
      for (const [key, c] of counts) {
        const later = this.counts.get(key);
        this.counts.set(
          key,
          later
            ? { ...c, calls: c.calls + later.calls, refused: c.refused + later.refused, lastAt: later.lastAt }
            : c,
        );
      }
      throw err;
    }
  }

  private async writeCounts(
    counts: Map<string, { hour: number; calls: number; refused: number; lastAt: number }>,
  ): Promise<void> {
    const rows = [...counts.entries()].map(([key, c]) => ({
      appId: key.slice(0, key.indexOf('|')),
      hour: new Date(c.hour),
      calls: c.calls,
      refused: c.refused,
      lastAt: c.lastAt,
    }));
    // An application removed meanwhile has no row to count against: its counts go with it.
    const live = sql`(select id from ${apiApps})`;
    await this.reg.transaction(async (tx) => {
      for (const r of rows) {
        await tx.execute(sql`
          insert into ${apiAppUsage} (app_id, hour, calls, refused)
          select ${r.appId}::uuid, ${r.hour.toISOString()}::timestamptz, ${r.calls}, ${r.refused}
          where ${r.appId}::uuid in ${live}
          on conflict (app_id, hour) do update
            set calls = ${apiAppUsage.calls} + excluded.calls, refused = ${apiAppUsage.refused} + excluded.refused`);
        await tx.execute(sql`
          update ${apiApps} set last_used_at = greatest(coalesce(last_used_at, 'epoch'), ${new Date(r.lastAt).toISOString()}::timestamptz)
          where id = ${r.appId}::uuid`);
      }
    });
  }
}

function addRange(list: BlockList, range: string): void {
  const [address = '', bits] = range.split('/');
  const family = isIPv4(address) ? 'ipv4' : 'ipv6';
  if (bits === undefined) list.addAddress(address, family);
  else list.addSubnet(address, Number(bits), family);
}
