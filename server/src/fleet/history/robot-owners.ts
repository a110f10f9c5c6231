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
   * The same owners by the robot's place in the live store (RobotFacts.index), each with the identity it was found
   * for: the live store gives a robot registered again (its building changed, or removed and back) a new identity
   * object, so a place whose identity is not the one asked about is looked up by id again.
   */
  private readonly byIndex: (Owner | undefined)[] = [];
  private readonly identityAt: (RobotIdentity | undefined)[] = [];

  /**
   * The robot as last heard (a state a second per robot): found by its place in the live store, `index`, without
   * hashing its id in a map as large as the fleet; a new one only when its company or building changed.
   */
  of(robot: RobotIdentity, index: number): Owner {
    const known = this.identityAt[index] === robot ? this.byIndex[index] : this.owners.get(robot.id);
    if (known && known.companyId === robot.companyId && known.buildingId === robot.buildingId) {
      this.byIndex[index] = known;
      this.identityAt[index] = robot;
      return known;
    }
    const owner = {
      companyId: robot.companyId,
      buildingId: robot.buildingId,
      sampledAt: known?.sampledAt ?? 0,
    };
    this.owners.set(robot.id, owner);
    this.byIndex[index] = owner;
    this.identityAt[index] = robot;
    return owner;
  }

  get(robotId: string): Owner | undefined {
    return this.owners.get(robotId);
  }
}
