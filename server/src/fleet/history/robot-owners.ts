import type { RobotIdentity } from '../live-store.js';

/** A robot as the recorder last heard it: its company and building, and when its last sample was taken (ms). */
export interface Owner {
  companyId: string;
  buildingId: string | null;
  sampledAt: number;
}

/** The robots as the recorder last heard them, by id. */
export class RobotOwners {
  private readonly owners = new Map<string, Owner>();

  /**
   * The robot as last heard (one lookup for a state a second per robot, in a map as large as the fleet): a new
   * one only when its company or building changed.
   */
  of(robot: RobotIdentity): Owner {
    const known = this.owners.get(robot.id);
    if (known && known.companyId === robot.companyId && known.buildingId === robot.buildingId) return known;
    const owner = {
      companyId: robot.companyId,
      buildingId: robot.buildingId,
      sampledAt: known?.sampledAt ?? 0,
    };
    this.owners.set(robot.id, owner);
    return owner;
  }

  get(robotId: string): Owner | undefined {
    return this.owners.get(robotId);
  }
}
