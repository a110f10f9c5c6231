import type { Floor, LiveRobot } from '@fleet/contract';

export interface BuildingRobotRow {
  id: string;
  name: string;
  robot: LiveRobot;
  /** The floor the robot reports being on, if it is one of this building's. */
  floorName: string | undefined;
}

/** The robots assigned to the building, by name, each with the floor its position names. */
export function buildingRobotRows(
  robots: readonly LiveRobot[],
  buildingId: string,
  floors: readonly Pick<Floor, 'id' | 'name'>[],
): BuildingRobotRow[] {
  const floorNames = new Map(floors.map((f) => [f.id, f.name]));
  return robots
    .filter((r) => r.buildingId === buildingId)
    .map((robot) => ({
      id: robot.id,
      name: robot.name,
      robot,
      floorName: robot.position ? floorNames.get(robot.position.mapId) : undefined,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
