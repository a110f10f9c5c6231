import { COMMAND_TIMEOUT_MS, type CommandType } from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { LiveStore } from '../live-store.js';
import { type CommandStatus, commandProgress, isFinal } from './command-progress.js';
import { CommandRows, type SystemCommand } from './command-rows.js';

interface Pending {
  id: string;
  robotId: string;
  type: CommandType;
  reference: string;
  status: CommandStatus;
  sentAt: number;
}

const SWEEP_MS = 1000;

/**
 * Follows the commands in flight: every change of a robot is checked against its open commands and the
 * progress written to robot_commands (in batches: CommandRows); a command the robot never mentions times out.
 */
export class CommandTracker {
  private readonly pending = new Map<string, Pending>();
  /** The same commands by robot: every message of every robot asks for its own (30,000 a second at 10,000 robots). */
  private readonly byRobot = new Map<string, Set<Pending>>();
  private readonly stop: () => void;
  private readonly sweep: NodeJS.Timeout;
  private readonly rows: CommandRows;

  constructor(
    private readonly store: LiveStore,
    reg: Db,
    log: FastifyBaseLogger,
  ) {
    this.rows = new CommandRows(reg, log);
    this.stop = store.onChange((robot) => {
      const open = this.byRobot.get(robot.id);
      if (open) for (const p of [...open]) this.check(p);
    });
    this.sweep = setInterval(() => this.timeOut(Date.now()), SWEEP_MS);
    this.sweep.unref();
  }

  /** Records a command the console gave by itself (a call's go-to) and answers its id; the row is written behind. */
  addSystem(command: SystemCommand): string {
    return this.rows.add(command);
  }

  follow(command: Omit<Pending, 'status' | 'sentAt'>): void {
    const p: Pending = { ...command, status: 'sent', sentAt: Date.now() };
    this.pending.set(p.id, p);
    const open = this.byRobot.get(p.robotId) ?? new Set<Pending>();
    open.add(p);
    this.byRobot.set(p.robotId, open);
    this.check(p);
  }

  /** The outcome of a command followed elsewhere (a go-to riding a lift follows its ride, not one order). */
  record(commandId: string, status: CommandStatus, detail: string | null): void {
    this.settle(
      { id: commandId, robotId: '', type: 'goTo', reference: '', status: 'running', sentAt: 0 },
      status,
      detail,
    );
  }

  /** Stops following; resolves once every row and progress recorded is written. */
  close(): Promise<void> {
    this.stop();
    clearInterval(this.sweep);
    return this.rows.settled();
  }

  private check(p: Pending): void {
    const facts = this.store.facts(p.robotId);
    const progress = this.store.progress(p.robotId);
    if (!facts || !progress) return;
    const next = commandProgress(p, { ...progress, actionStates: facts.actionStates });
    if (next && next.status !== p.status) this.settle(p, next.status, next.detail);
  }

  timeOut(now: number): void {
    for (const p of this.pending.values()) {
      if (p.status === 'sent' && now - p.sentAt > COMMAND_TIMEOUT_MS) {
        this.settle(p, 'timedOut', `no answer from the robot within ${COMMAND_TIMEOUT_MS / 1000} s`);
      }
    }
  }

  private settle(p: Pending, status: CommandStatus, detail: string | null): void {
    p.status = status;
    if (isFinal(status)) {
      const known = this.pending.get(p.id);
      this.pending.delete(p.id);
      const open = known ? this.byRobot.get(known.robotId) : undefined;
      if (known && open) {
        open.delete(known);
        if (open.size === 0) this.byRobot.delete(known.robotId);
      }
    }
    this.rows.update(p.id, status, detail);
  }
}
