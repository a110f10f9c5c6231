import type { GroupTargets } from '@fleet/contract';

/**
 * The robots a group reaches now, as the server counts them at publication: every robot of its buildings and
 * each robot named, each once.
 */
export function reachedRobotIds(
  targets: GroupTargets,
  robots: readonly { id: string; buildingId: string | null }[],
): string[] {
  const buildings = new Set(targets.buildingIds);
  const named = new Set(targets.robotIds);
  return robots
    .filter((r) => named.has(r.id) || (r.buildingId !== null && buildings.has(r.buildingId)))
    .map((r) => r.id);
}

/** The buildings whose clock a schedule runs on: those targeted, and those of the robots named. */
export function targetBuildingIds(
  targets: GroupTargets,
  robots: readonly { id: string; buildingId: string | null }[],
): string[] {
  const named = new Set(targets.robotIds);
  const ofRobots = robots.filter((r) => named.has(r.id) && r.buildingId).map((r) => r.buildingId as string);
  return [...new Set([...targets.buildingIds, ...ofRobots])];
}
