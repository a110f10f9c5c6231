import { randomUUID } from 'node:crypto';
import type { ErrorCode, FieldIssue, Refusal } from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../errors.js';
import type { SessionOp, SessionOutcomes } from '../run-session-op.js';
import { type InstanceTransport, listenToOthers, tellOthers } from './instance-channel.js';

/** The PostgreSQL NOTIFY channel operators' requests are handed to the carrier of their lift on. */
export const SESSIONS_CHANNEL = 'fc_lift_sessions';
/** How long an instance waits for the carrier to take a request up, and then for a command's answer. */
export const ASK_MS = 3000;
/** Beyond a test call's own limit: its last second's check, and the answer's way back. */
export const TEST_CALL_MARGIN_MS = 5000;

/** An AppError as it crosses to the instance that got the request: its code (the status), words, rule and fields. */
interface CarriedError {
  code: ErrorCode;
  message: string;
  headers: Record<string, string>;
  issues: FieldIssue[];
  refusal?: Refusal;
}

interface Reply {
  from: string;
  to: string;
  request: string;
}

type Message =
  | (Reply & { t: 'ask'; op: SessionOp })
  | (Reply & { t: 'taken' })
  | (Reply & { t: 'answer'; value: unknown })
  | (Reply & { t: 'refused'; error: CarriedError });

type Outcome = { value: unknown } | { error: AppError };

export interface SessionMeshDeps {
  /** This instance's id among the others (null alone). */
  self: string | null;
  /** The instance carrying the lift's building as this one reckons it; null for a lift it does not know. */
  carrierOf(liftId: string): Promise<string | null>;
  /** Runs the request on this instance's sessions. */
  runHere<T extends SessionOp>(op: T): Promise<SessionOutcomes[T['t']]>;
  log: FastifyBaseLogger;
  /** Speaks with the other instances (PostgreSQL LISTEN/NOTIFY); absent alone. */
  transport?: InstanceTransport;
}

const NO_CARRIER = 'No console instance carries this lift’s sessions right now; try again shortly';
// The instances are changing (one stopped, another takes its buildings over): a moment later it works.
const unavailable = () => new AppError('UNAVAILABLE', NO_CARRIER, { 'Retry-After': '2' });

/**
 * LIFTS-SESSIONS-CARRIED: only the instance carrying a lift's building opens or changes its sessions, so a ride, a
 * test call and an operator's session never meet on one lift. An operator's command or test call that reached
 * another instance is handed to the carrier, addressed by its id (so at most one instance runs it, even while the
 * instances disagree about who carries what), and answered with the carrier's outcome or refusal. The carrier
 * says first that it took the request up: when none does within ASK_MS, the asker answers 503.
 */
export class SessionMesh {
  private link: { close(): Promise<void> } | null = null;
  private readonly asked = new Map<string, { taken(): void; settle(outcome: Outcome): void }>();

  constructor(private readonly deps: SessionMeshDeps) {}

  async join(): Promise<void> {
    const { transport, self, log } = this.deps;
    if (self)
      this.link = await listenToOthers<Message>(transport, SESSIONS_CHANNEL, 'lift sessions', log, (m) =>
        this.heard(m),
      );
  }

  /** Runs the request here when this instance carries the lift's building (or runs alone), else on the carrier. */
  async run<T extends SessionOp>(op: T): Promise<SessionOutcomes[T['t']]> {
    const { self } = this.deps;
    if (!this.link || !self) return this.deps.runHere(op);
    const carrier = await this.deps.carrierOf(op.liftId);
    if (carrier === null || carrier === self) return this.deps.runHere(op);
    return (await this.ask(carrier, op)) as SessionOutcomes[T['t']];
  }

  async close(): Promise<void> {
    for (const a of [...this.asked.values()]) a.settle({ error: unavailable() });
    await this.link?.close();
    this.link = null;
  }

  private ask(to: string, op: SessionOp): Promise<unknown> {
    const request = randomUUID();
    const waitMs = op.t === 'testCall' ? op.timeoutMs + TEST_CALL_MARGIN_MS : ASK_MS;
    return new Promise((resolve, reject) => {
      const unanswered = () => {
        this.asked.delete(request);
        reject(unavailable());
      };
      let timer = setTimeout(unanswered, ASK_MS);
      this.asked.set(request, {
        taken: () => {
          clearTimeout(timer);
          timer = setTimeout(unanswered, waitMs);
        },
        settle: (outcome) => {
          clearTimeout(timer);
          this.asked.delete(request);
          if ('error' in outcome) reject(outcome.error);
          else resolve(outcome.value);
        },
      });
      this.send({ t: 'ask', from: this.deps.self ?? '', to, request, op });
    });
  }

  private heard(m: Message): void {
    // Every instance hears every message, its own too: each is for one instance only.
    if (m.to !== this.deps.self) return;
    if (m.t === 'ask') void this.answer(m);
    else if (m.t === 'taken') this.asked.get(m.request)?.taken();
    else if (m.t === 'answer') this.asked.get(m.request)?.settle({ value: m.value });
    else this.asked.get(m.request)?.settle({ error: uncarry(m.error) });
  }

  private async answer(m: Extract<Message, { t: 'ask' }>): Promise<void> {
    const { self, log } = this.deps;
    const reply = { from: self ?? '', to: m.from, request: m.request };
    try {
      // The asker reckoned this instance carries the lift; until this one agrees, neither runs it.
      const carrier = await this.deps.carrierOf(m.op.liftId);
      if (carrier !== null && carrier !== self) throw unavailable();
      this.send({ t: 'taken', ...reply });
      this.send({ t: 'answer', ...reply, value: await this.deps.runHere(m.op) });
    } catch (err) {
      if (!(err instanceof AppError)) log.error({ err, op: m.op }, 'lift session request failed');
      this.send({ t: 'refused', ...reply, error: carry(err) });
    }
  }

  private send(m: Message): void {
    tellOthers(this.deps.transport, SESSIONS_CHANNEL, m, 'lift sessions', this.deps.log);
  }
}

function carry(err: unknown): CarriedError {
  if (!(err instanceof AppError))
    return {
      code: 'INTERNAL',
      message: 'Something went wrong on the server; it has been logged',
      headers: {},
      issues: [],
    };
  const { code, message, headers, issues, refusal } = err;
  return { code, message, headers, issues, ...(refusal ? { refusal } : {}) };
}

function uncarry(e: CarriedError): AppError {
  return new AppError(e.code, e.message, e.headers, e.issues, e.refusal);
}
