import { randomUUID } from 'node:crypto';
import { EVENT_SCOPE, WEBHOOK_RETRY_HOURS, type WebhookDelivery, type WebhookEvent } from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FieldCipher } from '../../../auth/field-cipher.js';
import type { Db } from '../../../db/client.js';
import type { LiveStore } from '../../../fleet/live-store.js';
import { buildingsReached, reachesRobot } from '../robot-reach.js';
import { type Attempt, sendDelivery } from './send-delivery.js';
import { signDelivery } from './sign-delivery.js';
import {
  type DeliveryRow,
  deliveryById,
  insertDeliveries,
  leaseDue,
  type NewDelivery,
  type Outcome,
  pruneDeliveries,
  recordOutcomes,
  type Subscription,
  subscriptionsByIds,
  subscriptionsOf,
  toDeliveryDto,
} from './webhook-repo.js';

/** Something to tell the company's webhooks: about a robot, or about a building's device or lift. */
export interface OutgoingEvent {
  type: WebhookEvent;
  companyId: string;
  robotId: string | null;
  buildingId: string | null;
  at: number;
  data: Record<string, unknown>;
}

export interface DispatcherOptions {
  reg: Db;
  cipher: FieldCipher;
  store: LiveStore;
  log: FastifyBaseLogger;
  allowPrivate: boolean;
  retryBaseMs: number;
  userAgent: string;
  now?: () => number;
}

/** A company's subscriptions are read again after this; a change made here is seen at once. */
const SUBSCRIPTIONS_TTL_MS = 5000;
/** Events are gathered this long before their deliveries are written in one statement. */
const BATCH_MS = 50;
const RETRY_POLL_MS = 1000;
const LEASE_S = 60;
const RETRY_DELAY_MAX_MS = 3_600_000;
/** More attempts in flight than this and new deliveries wait in the database for the retry loop. */
const IN_FLIGHT_MAX = 2000;
const KEPT_DAYS = 30;
const QUEUE_MAX = 100_000;

/**
 * Tells applications' webhooks what happened, signed, at least once: each delivery is written before its first
 * attempt and retried with exponential back-off for a day. Events are queued and the fleet never waits: a
 * `publish` is an array push; the database writes are a few statements per batch whatever the number of events;
 * attempts run concurrently with a cap, each receiver at most a few connections at once.
 */
export class WebhookDispatcher {
  private queue: OutgoingEvent[] = [];
  private readonly subscriptions = new Map<string, { at: number; list: Promise<Subscription[]> }>();
  private outcomes: Outcome[] = [];
  private inFlight = 0;
  private scheduled: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private lastPrune = 0;
  private closed = false;
  private readonly now: () => number;
  /** Dropped because the queue was full (the database far behind): counted, never silent. */
  dropped = 0;

  constructor(private readonly opts: DispatcherOptions) {
    this.now = opts.now ?? Date.now;
    this.timer = setInterval(() => void this.retryDue(), RETRY_POLL_MS);
    this.timer.unref();
  }

  publish(event: OutgoingEvent): void {
    if (this.closed) return;
    if (this.queue.length >= QUEUE_MAX) {
      this.dropped++;
      return;
    }
    this.queue.push(event);
    if (!this.scheduled) this.scheduled = setTimeout(() => this.drain(), BATCH_MS);
  }

  /** The company's webhooks changed here: read them afresh for the next event. */
  invalidate(companyId: string): void {
    this.subscriptions.delete(companyId);
  }

  /** Sends a `webhook.test` now, and answers the delivery once the receiver answered (or did not). */
  async sendTest(webhookId: string, companyId: string, appName: string): Promise<WebhookDelivery> {
    const subs = await subscriptionsByIds(this.opts.reg, [webhookId]);
    const sub = subs.get(webhookId);
    const t = this.now();
    const delivery = this.delivery(sub?.webhookId ?? webhookId, 'webhook.test', t, {
      message: 'A test event sent from the console',
      application: appName,
      companyId,
    });
    await insertDeliveries(this.opts.reg, [delivery]);
    if (!sub) {
      // The webhook is off or its application no longer live: the attempt is refused here, and logged.
      await recordOutcomes(this.opts.reg, [
        this.outcomeOf(
          delivery.id,
          delivery.createdAt.getTime(),
          0,
          {
            ok: false,
            statusCode: null,
            error: 'the webhook is turned off, or its application is revoked or expired',
          },
          true,
        ),
      ]);
    } else {
      const attempt = await this.attempt(sub, delivery.eventId, delivery.body);
      // A test is told once: its result is what the button shows, never retried behind the operator's back.
      await recordOutcomes(this.opts.reg, [this.outcomeOf(delivery.id, t, 0, attempt, true)]);
    }
    const row = await deliveryById(this.opts.reg, delivery.id);
    if (!row) throw new Error('test delivery not recorded');
    return toDeliveryDto(row);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    if (this.scheduled) clearTimeout(this.scheduled);
    this.scheduled = null;
    await this.writeBatch();
    await this.writing;
  }

  /** For tests and the bench: everything queued written, and every attempt under way recorded. */
  async settle(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      await this.writeBatch();
      await this.writing;
      if (!this.queue.length && !this.inFlight && !this.outcomes.length) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  private drain(): void {
    this.scheduled = null;
    void this.writeBatch();
  }

  private writeBatch(): Promise<void> {
    const events = this.queue;
    this.queue = [];
    const outcomes = this.outcomes;
    this.outcomes = [];
    this.writing = this.writing
      .then(() => this.write(events, outcomes))
      .catch((err: unknown) => this.opts.log.error({ err }, 'webhook deliveries not written'));
    return this.writing;
  }

  private async write(events: OutgoingEvent[], outcomes: Outcome[]): Promise<void> {
    if (outcomes.length) await recordOutcomes(this.opts.reg, outcomes);
    if (!events.length) return;
    const planned: { delivery: NewDelivery; sub: Subscription }[] = [];
    for (const e of events) {
      for (const sub of await this.subscriptionsOf(e.companyId)) {
        if (!sub.events.includes(e.type) || !this.reaches(sub, e)) continue;
        planned.push({
          sub,
          delivery: this.delivery(sub.webhookId, e.type, e.at, {
            ...(e.robotId ? { robotId: e.robotId } : {}),
            ...(e.buildingId ? { buildingId: e.buildingId } : {}),
            ...e.data,
          }),
        });
      }
    }
    if (!planned.length) return;
    await insertDeliveries(
      this.opts.reg,
      planned.map((p) => p.delivery),
    );
    for (const p of planned) {
      // Too much under way: the retry loop picks these up when their lease ends.
      if (this.inFlight >= IN_FLIGHT_MAX) break;
      this.launch(
        p.sub,
        p.delivery.id,
        p.delivery.eventId,
        p.delivery.body,
        p.delivery.createdAt.getTime(),
        0,
      );
    }
  }

  private delivery(webhookId: string, type: string, at: number, data: Record<string, unknown>): NewDelivery {
    const now = this.now();
    const eventId = `msg_${randomUUID().replaceAll('-', '')}`;
    return {
      id: randomUUID(),
      webhookId,
      eventId,
      eventType: type,
      body: JSON.stringify({ type, timestamp: new Date(at).toISOString(), data }),
      createdAt: new Date(now),
      leasedUntil: new Date(now + LEASE_S * 1000),
    };
  }

  private reaches(sub: Subscription, e: OutgoingEvent): boolean {
    // APPS-WEBHOOK-SCOPES: kept so on saving; checked again for a change not yet seen here.
    if (!sub.scopes.includes(EVENT_SCOPE[e.type])) return false;
    if (e.robotId) return reachesRobot(sub.robots, e.robotId, e.buildingId);
    if (!e.buildingId) return sub.robots.all;
    const buildings = buildingsReached(this.opts.store, e.companyId, sub.robots);
    return buildings === null || buildings.has(e.buildingId);
  }

  private subscriptionsOf(companyId: string): Promise<Subscription[]> {
    const t = this.now();
    const cached = this.subscriptions.get(companyId);
    if (cached && t - cached.at < SUBSCRIPTIONS_TTL_MS) return cached.list;
    const list = subscriptionsOf(this.opts.reg, companyId);
    this.subscriptions.set(companyId, { at: t, list });
    list.catch(() => this.subscriptions.delete(companyId));
    return list;
  }

  private launch(
    sub: Subscription,
    id: string,
    eventId: string,
    body: string,
    createdAt: number,
    attempts: number,
  ) {
    this.inFlight++;
    void this.attempt(sub, eventId, body)
      .then((a) => {
        this.outcomes.push(this.outcomeOf(id, createdAt, attempts, a));
        if (!this.scheduled && !this.closed) this.scheduled = setTimeout(() => this.drain(), BATCH_MS);
      })
      .finally(() => {
        this.inFlight--;
      });
  }

  private attempt(sub: Subscription, eventId: string, body: string): Promise<Attempt> {
    let secret: string;
    try {
      secret = this.opts.cipher.decrypt(sub.secretCipher);
    } catch {
      return Promise.resolve({ ok: false, statusCode: null, error: 'the signing secret cannot be read' });
    }
    const headers = signDelivery(secret, eventId, Math.floor(this.now() / 1000), body);
    return sendDelivery(sub.url, body, headers, this.opts.allowPrivate, this.opts.userAgent);
  }

  /** After the `attempts`-th earlier attempt: delivered, retried later, or given up once a day has gone by. */
  private outcomeOf(id: string, createdAt: number, attempts: number, a: Attempt, final = false): Outcome {
    const at = new Date(this.now());
    if (a.ok)
      return { id, status: 'delivered', statusCode: a.statusCode, error: null, at, nextAttemptAt: null };
    const delay = Math.min(this.opts.retryBaseMs * 2 ** attempts, RETRY_DELAY_MAX_MS);
    const next = at.getTime() + delay * (0.9 + Math.random() * 0.2);
    const giveUp = final || next > createdAt + WEBHOOK_RETRY_HOURS * 3_600_000;
    return {
      id,
      status: giveUp ? 'failed' : 'retrying',
      statusCode: a.statusCode,
      error: a.error,
      at,
      nextAttemptAt: giveUp ? null : new Date(next),
    };
  }

  private retrying = false;

  /** Every second: deliveries whose retry is due, or whose first attempt an instance left unfinished. */
  private async retryDue(): Promise<void> {
    if (this.retrying || this.closed || this.inFlight >= IN_FLIGHT_MAX) return;
    this.retrying = true;
    try {
      const due: DeliveryRow[] = await leaseDue(this.opts.reg, 200, LEASE_S);
      if (due.length) {
        const subs = await subscriptionsByIds(this.opts.reg, [...new Set(due.map((d) => d.webhookId))]);
        for (const d of due) {
          const sub = subs.get(d.webhookId);
          if (sub) this.launch(sub, d.id, d.eventId, d.body, d.createdAt.getTime(), d.attempts);
          else
            this.outcomes.push(
              this.outcomeOf(
                d.id,
                d.createdAt.getTime(),
                d.attempts,
                {
                  ok: false,
                  statusCode: null,
                  error: 'the webhook was turned off, or its application revoked or expired',
                },
                true,
              ),
            );
        }
      }
      if (this.now() - this.lastPrune > 3_600_000) {
        this.lastPrune = this.now();
        await pruneDeliveries(this.opts.reg, KEPT_DAYS);
      }
    } catch (err) {
      this.opts.log.warn({ err }, 'webhook retries not read');
    } finally {
      this.retrying = false;
    }
  }
}
