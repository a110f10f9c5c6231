import type { AppRobots, LiveRobot } from '@fleet/contract';
import type { LiveStore } from '../../fleet/live-store.js';

/** Whether an application reaches a robot: all of the company's, or one chosen, or one in a chosen building. */
export function reachesRobot(robots: AppRobots, robotId: string, buildingId: string | null): boolean {
  return (
    robots.all ||
    robots.robotIds.includes(robotId) ||
    (buildingId !== null && robots.buildingIds.includes(buildingId))
  );
}

/** The company's robots an application reaches, with their live state. */
export function robotsReached(store: LiveStore, companyId: string, robots: AppRobots): LiveRobot[] {
  return store.list(companyId).filter((r) => reachesRobot(robots, r.id, r.buildingId));
}

/**
 * The buildings whose devices and lifts an application sees: the chosen ones, and those its chosen robots are
 * placed in; null for every building of the company.
 */
export function buildingsReached(store: LiveStore, companyId: string, robots: AppRobots): Set<string> | null {
  if (robots.all) return null;
  const out = new Set(robots.buildingIds);
  for (const id of robots.robotIds) {
    const r = store.identity(id);
    if (r && r.companyId === companyId && r.buildingId) out.add(r.buildingId);
  }
  return out;
}
