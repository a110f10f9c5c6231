import type { ErrorClosed, ErrorOpened } from './error-ledger.js';
import { type FleetEvent, type FleetEventListener, MomentLedger } from './fleet-events.js';
import type { HistoryRows } from './history-rows.js';
import type { Owner } from './robot-owners.js';
import type { HistoryShare } from './rows-by-owner.js';
import type { FinishedTask } from './task-ledger.js';

/**
 * Tells the recorder's listeners what happens to robots as it is recorded (the webhooks' robot events): at once
 * for the robots this instance owns, kept with the stand-in's rows for those it stands in for.
 */
export class EventTeller {
  private readonly listeners = new Set<FleetEventListener>();
  private readonly moments = new MomentLedger();

  constructor(
    private readonly share: HistoryShare,
    private readonly standIn: HistoryRows,
  ) {}

  get listening(): boolean {
    return this.listeners.size > 0;
  }

  listen(listener: FleetEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  forget(robotId: string): void {
    this.moments.forget(robotId);
  }

  tellErrors(robotId: string, owner: Owner, t: number, opened: ErrorOpened[], closed: ErrorClosed[]): void {
    for (const o of opened)
      this.tell('robot.error.raised', robotId, owner, t, {
        code: o.code,
        level: o.level,
        description: o.description,
      });
    for (const c of closed) this.tell('robot.error.cleared', robotId, owner, t, { code: c.code });
  }

  tellMoments(
    robotId: string,
    owner: Owner,
    live: { connection: string | null; battery: number | null; charging: boolean },
    connectionChanged: boolean,
    t: number,
  ): void {
    const moment = connectionChanged ? this.moments.connection(robotId, live.connection) : null;
    const battery = this.moments.battery(robotId, live.battery, live.charging);
    if (moment) this.tell(moment, robotId, owner, t, { connection: live.connection });
    if (battery) this.tell('robot.battery.low', robotId, owner, t, { battery: live.battery });
  }

  tellTask(robotId: string, owner: Owner, f: FinishedTask): void {
    this.tell('task.finished', robotId, owner, f.endedAt, {
      orderId: f.orderId,
      type: f.type,
      result: f.result,
      startedAt: new Date(f.startedAt).toISOString(),
      endedAt: new Date(f.endedAt).toISOString(),
      distanceM: f.distanceM,
      errorCodes: f.errorCodes,
    });
  }

  /** An event kept for a robot whose owner went without telling it: told now, marked retold. */
  retell(event: FleetEvent): void {
    for (const l of this.listeners) l({ ...event, retold: true });
  }

  private tell(
    type: FleetEvent['type'],
    robotId: string,
    owner: Owner,
    at: number,
    data: Record<string, unknown>,
  ): void {
    if (!this.listeners.size) return;
    const event: FleetEvent = {
      type,
      companyId: owner.companyId,
      robotId,
      buildingId: owner.buildingId,
      at,
      data,
    };
    // The owner tells at once; its successor keeps the event a few seconds, told if the owner goes without.
    if (this.share.owns(robotId)) for (const l of this.listeners) l(event);
    else if (this.share.standsIn(robotId)) this.standIn.events.push(event);
  }
}
