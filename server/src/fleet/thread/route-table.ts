import type { RobotDirectory } from '../ingest.js';
import type { RobotRoute } from './thread-messages.js';

/** The telemetry thread's copy of the registered robots, kept in step by the main thread's messages. */
export class RouteTable implements RobotDirectory {
  private readonly idByKey = new Map<string, string>();
  private readonly keyById = new Map<string, string>();
  private readonly slots = new Map<string, number>();
  registrations = 0;

  constructor(robots: readonly RobotRoute[]) {
    for (const r of robots) this.set(r);
  }

  set(robot: RobotRoute): void {
    this.delete(robot.id);
    const key = `${robot.manufacturer}/${robot.serialNumber}`;
    this.idByKey.set(key, robot.id);
    this.keyById.set(robot.id, key);
    this.slots.set(robot.id, robot.slot);
    this.registrations++;
  }

  delete(id: string): void {
    const key = this.keyById.get(id);
    if (key === undefined) return;
    this.keyById.delete(id);
    this.slots.delete(id);
    if (this.idByKey.get(key) === id) this.idByKey.delete(key);
    this.registrations++;
  }

  /** The number the main thread knows the robot by in batches. */
  slotOf(id: string): number | undefined {
    return this.slots.get(id);
  }

  idOf(manufacturer: string, serialNumber: string): string | undefined {
    return this.idByKey.get(`${manufacturer}/${serialNumber}`);
  }
}
