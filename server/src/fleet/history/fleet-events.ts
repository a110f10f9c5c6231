import { BATTERY_LOW_PERCENT, type WebhookEvent } from '@fleet/contract';

/** Something that happened to a robot, as an integrator is told it (a webhook's event). */
export interface FleetEvent {
  type: Extract<
    WebhookEvent,
    | 'robot.online'
    | 'robot.offline'
    | 'robot.error.raised'
    | 'robot.error.cleared'
    | 'robot.battery.low'
    | 'task.finished'
  >;
  companyId: string;
  robotId: string;
  buildingId: string | null;
  at: number;
  data: Record<string, unknown>;
  /**
   * Told by the instance that took the robot over from one killed before it told or delivered it
   * (FLEET-EVENTS-HANDOVER): its owner may have told it already, so whoever tells integrators checks first.
   */
  retold?: true;
}

export type FleetEventListener = (event: FleetEvent) => void;

/** Above this the low-battery latch opens again: a battery hovering at the threshold tells once, not each message. */
const BATTERY_RELEASE_PERCENT = BATTERY_LOW_PERCENT + 5;

/**
 * Turns a robot's successive facts into the moments worth telling: it came online or went offline, its battery ran
 * low. What a robot is when first seen (at start, after a restart) is where it is, not a change: nothing is told.
 */
export class MomentLedger {
  private readonly online = new Map<string, boolean>();
  private readonly low = new Map<string, boolean>();

  connection(robotId: string, connection: string | null): 'robot.online' | 'robot.offline' | null {
    if (connection === null) return null;
    const now = connection === 'ONLINE';
    const before = this.online.get(robotId);
    this.online.set(robotId, now);
    if (before === undefined || before === now) return null;
    return now ? 'robot.online' : 'robot.offline';
  }

  /** True when the battery just fell to the threshold or below, not charging, after having been above it. */
  battery(robotId: string, battery: number | null, charging: boolean): boolean {
    if (battery === null) return false;
    const latched = this.low.get(robotId);
    // Written only when the latch moves: this runs for every state of every robot.
    if (battery > BATTERY_RELEASE_PERCENT) {
      if (latched !== false) this.low.set(robotId, false);
      return false;
    }
    if (battery <= BATTERY_LOW_PERCENT && !charging) {
      if (latched !== true) this.low.set(robotId, true);
      return latched === false;
    }
    if (latched === undefined) this.low.set(robotId, battery <= BATTERY_LOW_PERCENT);
    return false;
  }

  forget(robotId: string): void {
    this.online.delete(robotId);
    this.low.delete(robotId);
  }
}
