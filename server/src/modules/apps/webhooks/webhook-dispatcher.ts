import { randomUUID } from 'node:crypto';
import { EVENT_SCOPE, WEBHOOK_RETRY_HOURS, type WebhookDelivery, type WebhookEvent } from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FieldCipher } from '../../../auth/field-cipher.js';
import type { Db } from '../../../db/client.js';
import type { LiveStore } from '../../../fleet/live-store.js';
import { buildingsReached, reachesRobot } from '../robot-reach.js';
import { DeliveryLines, WAITING_MAX } from './delivery-lines.js';
import { type Attempt, postDelivery } from './send-delivery.js';
import { signDelivery } from './sign-delivery.js';
import { UnwrittenDeliveries } from './unwritten-deliveries.js';
import {
  type AttemptedDelivery,
  type DeliveryRow,
  deliveredAround,
  deliveryById,
  insertAttempted,
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
/** A delivery written this near an event told again is taken for it (instances' clocks and writes differ). */
const RETOLD_WITHIN_MS = 5000;
const RETRY_DELAY_MAX_MS = 3_600_000;
/**
 * A delivery still waiting here this long after it was leased is left to the retry loop, which takes it when its
 * lease ends: it must not be sent from here after another instance may have taken it over.
 */
const WAIT_MAX_MS = (LEASE_S * 1000) / 2;
/**
 * A delivery is first attempted, then written with its outcome in one insert: no update follows, which at
 * thousands of deliveries a second was half the database's work. One whose receiver has not answered within this
 * is written pending (leased by this instance), so a restart resumes it; this bounds what a crash can lose, as the
 * fleet's history is bounded by its one-second flush.
 */
const FIRST_WRITE_MS = 1000;
/** Events turned into deliveries in one statement; more wait for the next, right after. */
const EVENTS_PER_WRITE = 1000;
/** Deliveries the retry loop leases in one statement, and statements at most each second. */
const RETRY_BATCH = 500;
const RETRY_BATCHES_MAX = 5;
const KEPT_DAYS = 30;
const QUEUE_MAX = 100_000;
/** Decrypted signing secrets kept, by their ciphertext. */
const SECRETS_KEPT = 1000;

/** A delivery's body: the event as the Standard Webhooks specification shapes it. */
const bodyOf = (type: string, at: number, data: Record<string, unknown>) =>
  JSON.stringify({ type, timestamp: new Date(at).toISOString(), data });

/**
 * Tells applications' webhooks what happened, signed, at least once: each delivery is written with its first
 * attempt's outcome (or pending, at most FIRST_WRITE_MS after its event) and retried with exponential back-off for
 * a day. Events are queued and the fleet never waits: a
 * `publish` is an array push; the database writes are a few statements per batch whatever the number of events;
 * attempts run concurrently with a cap, each receiver at most a few connections at once.
 */
export class WebhookDispatcher {
  private queue: OutgoingEvent[] = [];
  private readonly subscriptions = new Map<string, { at: number; list: Promise<Subscription[]> }>();
  /** Outcomes of deliveries already written: one update for them all. */
  private outcomes: Outcome[] = [];
  /** Deliveries not written yet, while their first attempt is under way or waiting. */
  private readonly unwritten: UnwrittenDeliveries;
  /** Deliveries whose first attempt ended before they were written. */
  private attempted: AttemptedDelivery[] = [];
  /** Deliveries to write pending for the retry loop: no line here would take them. */
  private overflow: NewDelivery[] = [];
  private scheduled: NodeJS.Timeout | null = null;
  /** The database writes, while they run. */
  private writing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  private readonly secrets = new Map<string, string | null>();
  /** The deliveries waiting for an attempt, a line per receiver. */
  private readonly lines: DeliveryLines;
  private lastPrune = 0;
  private closed = false;
  private readonly now: () => number;
  /** Dropped because the queue was full (the database far behind): counted, never silent. */
  dropped = 0;

  constructor(private readonly opts: DispatcherOptions) {
    this.now = opts.now ?? Date.now;
    this.unwritten = new UnwrittenDeliveries(FIRST_WRITE_MS, this.now);
    this.lines = new DeliveryLines({
      allowPrivate: opts.allowPrivate,
      now: this.now,
      maxWaitMs: WAIT_MAX_MS,
      start: (r, done) =>
        this.attempt(r.sub, r.eventId, r.body, (a) => {
          done();
          const outcome = this.outcomeOf(r.id, r.createdAt, r.attempts, a);
          const delivery = this.unwritten.take(r.id);
          if (delivery) {
            this.attempted.push({ delivery, outcome });
          } else this.outcomes.push(outcome);
          if (!this.scheduled && !this.closed) this.scheduled = setTimeout(() => this.drain(), BATCH_MS);
        }),
    });
    this.timer = setInterval(() => void this.retryDue(), RETRY_POLL_MS);
    this.timer.unref();
  }

  /**
   * An event told again by the instance that took its robot over from one killed meanwhile (FLEET-EVENTS-HANDOVER):
   * published only if no delivery of it was written (the killed instance writes its deliveries within a second of
   * their event, and before it is known gone). `key` is what tells this event from others of its robot and type.
   */
  async publishRetold(event: OutgoingEvent & { robotId: string }, key: string | null): Promise<void> {
    // At least once: when the database cannot say, the event is told (a receiver may hear it twice, not never).
    const told = await deliveredAround(this.opts.reg, { ...event, key }, RETOLD_WITHIN_MS).catch(
      (err: unknown) => {
        this.opts.log.warn({ err }, 'webhooks: whether an event told again was delivered is unknown');
        return false;
      },
    );
    if (!told) this.publish(event);
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
    const delivery = this.delivery(
      sub?.webhookId ?? webhookId,
      'webhook.test',
      bodyOf('webhook.test', t, {
        message: 'A test event sent from the console',
        application: appName,
        companyId,
      }),
    );
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
      const attempt = await new Promise<Attempt>((resolve) =>
        this.attempt(sub, delivery.eventId, delivery.body, resolve),
      );
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
    this.lines.close();
    // What is under way or waiting is written pending, leased: the next instance to start sends it.
    await this.flush();
    await this.flush(true);
  }

  /** For tests and the bench: everything queued written, and every attempt under way recorded. */
  async settle(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      await this.flush();
      if (
        !this.queue.length &&
        !this.lines.inFlight &&
        !this.lines.waiting &&
        !this.outcomes.length &&
        !this.unwritten.size &&
        !this.attempted.length
      )
        return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  private drain(): void {
    this.scheduled = null;
    void this.flush();
  }

  /**
   * Writes what is due, one statement at a time, until nothing is left: deliveries attempted once (with their
   * outcome), those waiting too long for their first attempt (pending), the outcomes of deliveries written before,
   * and new events turned into deliveries (EVENTS_PER_WRITE a time; these are attempted before they are written).
   * One line, not several side by side: measured, statements competing for the database made each slower
   * (docs/performance.md). Pending rows go before the outcomes, which may update them. A failed statement is logged;
   * deliveries written leased are sent again by the retry loop.
   */
  private flush(all = false): Promise<void> {
    if (this.writing) return this.writing;
    if (!this.queue.length && !this.outcomes.length && !this.attempted.length && !this.overflow.length) {
      if (!this.unwritten.size) return Promise.resolve();
      if (!all && !this.unwritten.anyStale()) return Promise.resolve();
    }
    this.writing = (async () => {
      for (;;) {
        const pending = this.takeUnwritten(all);
        if (!this.queue.length && !this.outcomes.length && !this.attempted.length && !pending.length) break;
        try {
          if (this.attempted.length) {
            const attempted = this.attempted;
            this.attempted = [];
            await insertAttempted(this.opts.reg, attempted);
          }
          if (pending.length) await insertDeliveries(this.opts.reg, pending);
          if (this.outcomes.length) {
            const outcomes = this.outcomes;
            this.outcomes = [];
            await recordOutcomes(this.opts.reg, outcomes);
          }
          if (this.queue.length) await this.plan(this.queue.splice(0, EVENTS_PER_WRITE));
        } catch (err) {
          this.opts.log.error({ err }, 'webhook deliveries not written');
        }
      }
    })().finally(() => {
      this.writing = null;
    });
    return this.writing;
  }

  /**
   * The deliveries to write pending now: those that could not wait in line, and those whose first attempt is not
   * over after FIRST_WRITE_MS (every one, when `all`: the dispatcher is closing). Their outcome, when it comes, is an
   * update.
   */
  private takeUnwritten(all: boolean): NewDelivery[] {
    const taken = this.overflow;
    this.overflow = [];
    return taken.concat(this.unwritten.takeStale(all));
  }

  /** Turns events into deliveries, put in line for their first attempt (written once it is over). */
  private async plan(events: OutgoingEvent[]): Promise<void> {
    const planned: { delivery: NewDelivery; sub: Subscription }[] = [];
    for (const e of events) {
      // The same body for every webhook told of the event: written once.
      let body: string | null = null;
      for (const sub of await this.subscriptionsOf(e.companyId)) {
        if (!sub.events.includes(e.type) || !this.reaches(sub, e)) continue;
        body ??= bodyOf(e.type, e.at, {
          ...(e.robotId ? { robotId: e.robotId } : {}),
          ...(e.buildingId ? { buildingId: e.buildingId } : {}),
          ...e.data,
        });
        planned.push({ sub, delivery: this.delivery(sub.webhookId, e.type, body) });
      }
    }
    const since = this.now();
    for (const { sub, delivery } of planned) {
      const inLine =
        !this.closed &&
        this.lines.add({
          sub,
          id: delivery.id,
          eventId: delivery.eventId,
          body: delivery.body,
          createdAt: delivery.createdAt.getTime(),
          attempts: 0,
          since,
        });
      if (inLine) {
        this.unwritten.add(delivery);
      } else this.overflow.push({ ...delivery, leasedUntil: new Date(since) });
    }
  }

  private delivery(webhookId: string, type: string, body: string): NewDelivery {
    const now = this.now();
    const eventId = `msg_${randomUUID().replaceAll('-', '')}`;
    return {
      id: randomUUID(),
      webhookId,
      eventId,
      eventType: type,
      body,
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

  private attempt(sub: Subscription, eventId: string, body: string, done: (a: Attempt) => void): void {
    const secret = this.secretOf(sub.secretCipher);
    if (secret === null) {
      done({ ok: false, statusCode: null, error: 'the signing secret cannot be read' });
      return;
    }
    const headers = signDelivery(secret, eventId, Math.floor(this.now() / 1000), body);
    postDelivery(sub.url, body, headers, this.opts.allowPrivate, this.opts.userAgent, done);
  }

  /** A webhook's signing secret, decrypted once (a rotated secret is another ciphertext); null when unreadable. */
  private secretOf(cipherText: string): string | null {
    let secret = this.secrets.get(cipherText);
    if (secret !== undefined) return secret;
    try {
      secret = this.opts.cipher.decrypt(cipherText);
    } catch {
      secret = null;
    }
    if (this.secrets.size >= SECRETS_KEPT) this.secrets.clear();
    this.secrets.set(cipherText, secret);
    return secret;
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
    if (this.retrying || this.closed) return;
    // A receiver that answers nothing triggers no write: its deliveries are written pending from here.
    void this.flush();
    this.retrying = true;
    try {
      for (let i = 0; i < RETRY_BATCHES_MAX && this.lines.waiting + RETRY_BATCH <= WAITING_MAX; i++) {
        const due: DeliveryRow[] = await leaseDue(this.opts.reg, RETRY_BATCH, LEASE_S);
        await this.retry(due);
        if (due.length < RETRY_BATCH) break;
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

  private async retry(due: DeliveryRow[]): Promise<void> {
    if (!due.length) return;
    const subs = await subscriptionsByIds(this.opts.reg, [...new Set(due.map((d) => d.webhookId))]);
    const since = this.now();
    for (const d of due) {
      const sub = subs.get(d.webhookId);
      if (sub)
        this.lines.add({
          sub,
          id: d.id,
          eventId: d.eventId,
          body: d.body,
          createdAt: d.createdAt.getTime(),
          attempts: d.attempts,
          since,
        });
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
}
