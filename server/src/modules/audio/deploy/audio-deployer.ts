import {
  AUDIO_ACTIONS,
  type AudioDeployState,
  type AudioGroupKind,
  actionParameters,
  type PlayOutcome,
} from '@fleet/contract';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SignedLinks } from '../../../auth/signed-links.js';
import type { Db } from '../../../db/client.js';
import { audioDeployments, audioGroups } from '../../../db/schema/index.js';
import { customActionMessage } from '../../../fleet/commands/vda-commands.js';
import { vdaHeader } from '../../../fleet/commands/vda-header.js';
import type { Fleet } from '../../../fleet/fleet-service.js';
import type { RobotFacts } from '../../../fleet/live-store.js';
import { robotTopic } from '../../../fleet/vda/topics.js';
import { type ActionAnswer, answerOf } from './action-answer.js';

/** How long a robot's link to its manifest and files holds: long enough for a slow robot on a slow network. */
export const ROBOT_LINK_S = 24 * 60 * 60;
/** A download the robot never mentions in this long, while online, has failed. */
export const DOWNLOAD_ANSWER_MS = 60_000;
const SWEEP_MS = 5_000;
/** Robots whose queued rows one query looks up, at most. */
export const ROBOTS_PER_LOOKUP = 1000;

interface Download {
  kind: 'download';
  groupId: string;
  version: number;
  sentAt: number;
  /** The robot mentioned it: it is its own from then on, however long the download takes. */
  mentioned: boolean;
}
interface Instant {
  kind: 'instant';
  sentAt: number;
  settle: (answer: ActionAnswer | null) => void;
}
type Pending = Download | Instant;

interface RobotAddress {
  id: string;
  manufacturer: string;
  serialNumber: string;
}

/**
 * Gets group versions onto robots and follows them there. A download is a VDA 5050 instant action of our own
 * (`fcAudioDownload`, docs/protocols.md "Audio on robots") naming a manifest link only that robot may use; the
 * robot's `actionStates` (or, for a robot that does not know the action, an error naming it) move its row of
 * audio_deployments: queued → downloading → ready / failed / unsupported. A robot offline when its group is
 * published keeps its row queued and is sent the version when it comes back.
 */
export class AudioDeployer {
  /** Actions in flight by robot: every message of every robot asks for its own, so this is a map lookup. */
  private readonly pending = new Map<string, Map<string, Pending>>();
  private readonly stop: () => void;
  private readonly sweep: NodeJS.Timeout;
  /** Robots whose queued rows are being sent now: a reconnect and a publication at once send once. */
  private readonly sending = new Set<string>();
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly reg: Db,
    private readonly fleet: Fleet,
    private readonly links: SignedLinks,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.stop = fleet.store.onChange((robot, change) => {
      if (change.connection && fleet.store.facts(robot.id)?.connection === 'ONLINE')
        this.cameOnline(robot.id);
      const mine = this.pending.get(robot.id);
      if (mine && (change.facts || change.errors)) this.check(robot.id, mine);
    });
    this.sweep = setInterval(() => this.timeOut(Date.now()), SWEEP_MS);
    this.sweep.unref();
  }

  /** Robots come online since the last look at their queued rows. */
  private readonly arrived = new Set<string>();
  private arrivedScheduled = false;

  /**
   * Robots coming online are sent what is queued for them, looked up together once this turn of the loop is over:
   * after a broker restart ten thousand robots reconnect within seconds, and a query each was ten thousand queries.
   */
  private cameOnline(robotId: string): void {
    this.arrived.add(robotId);
    if (this.arrivedScheduled) return;
    this.arrivedScheduled = true;
    setImmediate(() => {
      this.arrivedScheduled = false;
      const robotIds = [...this.arrived];
      this.arrived.clear();
      for (let i = 0; i < robotIds.length; i += ROBOTS_PER_LOOKUP) {
        const some = robotIds.slice(i, i + ROBOTS_PER_LOOKUP);
        // The database may be away: the rows stay queued for the robots' next reconnection.
        this.sendQueued({ robotIds: some, states: ['queued', 'downloading'] }).catch((err: unknown) =>
          this.log.warn({ err, robots: some.length }, 'audio: queued clips not sent to robots back online'),
        );
      }
    });
  }

  /** Takes up the downloads in flight when the server stopped, so their robots' answers still count. */
  async resume(): Promise<void> {
    const rows = await this.reg
      .select()
      .from(audioDeployments)
      .where(
        and(inArray(audioDeployments.state, ['queued', 'downloading']), isNotNull(audioDeployments.actionId)),
      );
    const now = Date.now();
    for (const r of rows)
      if (r.actionId)
        this.track(r.robotId, r.actionId, {
          kind: 'download',
          groupId: r.groupId,
          version: r.version,
          sentAt: now,
          mentioned: r.state === 'downloading',
        });
  }

  /**
   * Sends every queued row (of one group, or one robot) to its robot when the robot is online; the others stay
   * queued for their reconnection. Answers how many were sent.
   */
  async sendQueued(filter: {
    groupId?: string;
    robotId?: string;
    /** Robots come online together, or moved by a rule (at most ROBOTS_PER_LOOKUP). */
    robotIds?: readonly string[];
    states?: AudioDeployState[];
  }): Promise<number> {
    const states = filter.states ?? ['queued'];
    const rows = await this.reg
      .select({
        groupId: audioDeployments.groupId,
        robotId: audioDeployments.robotId,
        companyId: audioDeployments.companyId,
        version: audioDeployments.version,
        kind: audioGroups.kind,
      })
      .from(audioDeployments)
      .innerJoin(audioGroups, eq(audioGroups.id, audioDeployments.groupId))
      .where(
        and(
          inArray(audioDeployments.state, states),
          filter.groupId ? eq(audioDeployments.groupId, filter.groupId) : undefined,
          filter.robotId ? eq(audioDeployments.robotId, filter.robotId) : undefined,
          filter.robotIds
            ? sql`${audioDeployments.robotId} = any(${sql.param([...filter.robotIds])}::uuid[])`
            : undefined,
        ),
      );
    let sent = 0;
    for (const row of rows) {
      // An online robot is registered in the live store, which knows its topic.
      const robot = this.fleet.store.identity(row.robotId);
      if (!robot || this.fleet.store.facts(row.robotId)?.connection !== 'ONLINE') continue;
      const key = `${row.groupId}/${row.robotId}`;
      if (this.sending.has(key)) continue;
      this.sending.add(key);
      try {
        await this.sendDownload(robot, row);
        sent++;
      } catch (err) {
        this.log.warn({ err, robotId: row.robotId, groupId: row.groupId }, 'audio download not sent');
      } finally {
        this.sending.delete(key);
      }
    }
    return sent;
  }

  /** Tells robots to forget a group (deleted, or they left its targets); nothing is followed. */
  async sendRemove(robotsToTell: readonly RobotAddress[], groupId: string): Promise<void> {
    for (const robot of robotsToTell) {
      if (this.fleet.store.facts(robot.id)?.connection !== 'ONLINE') continue;
      await this.publish(robot, AUDIO_ACTIONS.remove, actionParameters({ groupId }));
    }
  }

  /**
   * Sends one instant action (play, stop, volume) and answers what the robot said of it within `waitMs`:
   * acknowledged, refused with its reason, unsupported, or no answer.
   */
  async instant(
    robot: RobotAddress,
    actionType: string,
    parameters: Record<string, string | number>,
    waitMs: number,
  ): Promise<Omit<PlayOutcome, 'volume'>> {
    const sentAt = performance.now();
    let settle: (answer: ActionAnswer | null) => void = () => {};
    const answered = new Promise<ActionAnswer | null>((resolve) => {
      settle = resolve;
    });
    const { message, actionId } = customActionMessage(
      vdaHeader(robot),
      actionType,
      actionParameters(parameters),
    );
    this.track(robot.id, actionId, { kind: 'instant', sentAt: Date.now(), settle });
    const timer = setTimeout(() => settle(null), waitMs);
    try {
      await this.fleet.bus.publish(
        robotTopic(this.fleet.prefix, robot.manufacturer, robot.serialNumber, 'instantActions'),
        JSON.stringify(message),
        { qos: 1 },
      );
      const answer = await answered;
      const answeredInMs = answer ? Math.round(performance.now() - sentAt) : null;
      if (!answer) return { outcome: 'noAnswer', reason: null, actionId, answeredInMs };
      if (answer.kind === 'unsupported')
        return { outcome: 'unsupported', reason: answer.reason, actionId, answeredInMs };
      if (answer.kind === 'failed')
        return { outcome: 'refused', reason: answer.reason, actionId, answeredInMs };
      return { outcome: 'acknowledged', reason: null, actionId, answeredInMs };
    } finally {
      clearTimeout(timer);
      this.untrack(robot.id, actionId);
    }
  }

  /** Resolves once every state written so far is in the table (tests, and closing). */
  settled(): Promise<void> {
    return this.writes.then(() => {});
  }

  async close(): Promise<void> {
    this.stop();
    clearInterval(this.sweep);
    // A lookup still scheduled for robots come online finds none: the database may be closing too.
    this.arrived.clear();
    for (const mine of this.pending.values())
      for (const p of mine.values()) if (p.kind === 'instant') p.settle(null);
    this.pending.clear();
    await this.settled();
  }

  /**
   * The manifest link only this robot may use, for one group version (the robot's deployment row ties both to
   * their company).
   */
  robotLink(robotId: string, groupId: string, version: number): { manifestUrl: string; expiresAt: Date } {
    const { token, expiresAt } = this.links.sign(
      'audio-robot',
      { ids: [robotId, groupId], numbers: [version] },
      ROBOT_LINK_S,
    );
    return { manifestUrl: `${this.publicUrl}/opt/v1/audio/robot/${token}/manifest`, expiresAt };
  }

  private async sendDownload(
    robot: RobotAddress,
    row: { groupId: string; companyId: string; version: number; kind: AudioGroupKind },
  ): Promise<void> {
    const { manifestUrl, expiresAt } = this.robotLink(robot.id, row.groupId, row.version);
    const { message, actionId } = customActionMessage(
      vdaHeader(robot),
      AUDIO_ACTIONS.download,
      actionParameters({
        groupId: row.groupId,
        kind: row.kind,
        version: row.version,
        manifestUrl,
        expiresAt: expiresAt.toISOString(),
      }),
    );
    // The row names the action before the robot can answer it, so no answer finds the row still on the old one.
    await this.reg
      .update(audioDeployments)
      .set({ actionId, state: 'queued', reason: null, updatedAt: new Date() })
      .where(and(eq(audioDeployments.groupId, row.groupId), eq(audioDeployments.robotId, robot.id)));
    this.track(robot.id, actionId, {
      kind: 'download',
      groupId: row.groupId,
      version: row.version,
      sentAt: Date.now(),
      mentioned: false,
    });
    await this.fleet.bus.publish(
      robotTopic(this.fleet.prefix, robot.manufacturer, robot.serialNumber, 'instantActions'),
      JSON.stringify(message),
      { qos: 1 },
    );
  }

  private async publish(
    robot: RobotAddress,
    actionType: string,
    parameters: { key: string; value: string | number }[],
  ): Promise<string> {
    const { message, actionId } = customActionMessage(vdaHeader(robot), actionType, parameters);
    await this.fleet.bus.publish(
      robotTopic(this.fleet.prefix, robot.manufacturer, robot.serialNumber, 'instantActions'),
      JSON.stringify(message),
      { qos: 1 },
    );
    return actionId;
  }

  private track(robotId: string, actionId: string, p: Pending): void {
    const mine = this.pending.get(robotId) ?? new Map<string, Pending>();
    mine.set(actionId, p);
    this.pending.set(robotId, mine);
    const facts = this.fleet.store.facts(robotId);
    // A robot may have answered already (a state that crossed the publication), and a resumed download's robot
    // has said all it will until its next change.
    if (facts) this.check(robotId, mine);
  }

  private untrack(robotId: string, actionId: string): void {
    const mine = this.pending.get(robotId);
    if (!mine) return;
    mine.delete(actionId);
    if (mine.size === 0) this.pending.delete(robotId);
  }

  private check(robotId: string, mine: Map<string, Pending>): void {
    const facts: RobotFacts | undefined = this.fleet.store.facts(robotId);
    if (!facts) return;
    for (const [actionId, p] of [...mine]) {
      const answer = answerOf(facts, actionId);
      if (!answer) continue;
      if (p.kind === 'instant') {
        p.settle(answer);
        continue;
      }
      if (answer.kind === 'running') {
        // Written once: the robot repeats RUNNING in every state until it is done.
        if (!p.mentioned) this.write(robotId, p, actionId, 'downloading', null);
        p.mentioned = true;
      } else {
        p.mentioned = true;
        this.untrack(robotId, actionId);
        const state: AudioDeployState =
          answer.kind === 'finished' ? 'ready' : answer.kind === 'unsupported' ? 'unsupported' : 'failed';
        this.write(robotId, p, actionId, state, answer.kind === 'finished' ? null : answer.reason);
      }
    }
  }

  private timeOut(now: number): void {
    for (const [robotId, mine] of this.pending)
      for (const [actionId, p] of mine) {
        if (p.kind !== 'download' || p.mentioned || now - p.sentAt < DOWNLOAD_ANSWER_MS) continue;
        // An offline robot keeps its download queued: it is sent again when the robot returns.
        if (this.fleet.store.facts(robotId)?.connection !== 'ONLINE') {
          this.untrack(robotId, actionId);
          continue;
        }
        this.untrack(robotId, actionId);
        this.write(
          robotId,
          p,
          actionId,
          'failed',
          `no answer from the robot within ${DOWNLOAD_ANSWER_MS / 1000} s`,
        );
      }
  }

  /** Rows are written in order, each only if it still names this action (a newer download replaced it otherwise). */
  private write(
    robotId: string,
    p: Download,
    actionId: string,
    state: AudioDeployState,
    reason: string | null,
  ): void {
    this.writes = this.writes
      .then(() =>
        this.reg
          .update(audioDeployments)
          .set({ state, reason, updatedAt: new Date() })
          .where(
            and(
              eq(audioDeployments.groupId, p.groupId),
              eq(audioDeployments.robotId, robotId),
              eq(audioDeployments.actionId, actionId),
              // A finished row is not taken back to downloading by a late repeat of an older state.
              state === 'downloading'
                ? or(eq(audioDeployments.state, 'queued'), eq(audioDeployments.state, 'downloading'))
                : undefined,
            ),
          ),
      )
      .catch((err: unknown) =>
        this.log.error({ err, robotId, groupId: p.groupId }, 'audio deployment not written'),
      );
  }
}
