import type { LiveRobot, RobotStatus } from '@fleet/contract';

export interface RobotFilter {
  search: string;
  buildingId?: string;
  statuses: RobotStatus[];
  model?: string;
}

export const NO_FILTER: RobotFilter = { search: '', statuses: [] };

/** Name or serial number containing the trimmed search text (any case), and every chosen filter. */
export function filterRobots(robots: readonly LiveRobot[], filter: RobotFilter): LiveRobot[] {
  const needle = filter.search.trim().toLocaleLowerCase();
  const statuses = new Set(filter.statuses);
  return robots.filter(
    (r) =>
      (!needle ||
        r.name.toLocaleLowerCase().includes(needle) ||
        r.serialNumber.toLocaleLowerCase().includes(needle)) &&
      (!filter.buildingId || r.buildingId === filter.buildingId) &&
      (statuses.size === 0 || statuses.has(r.status)) &&
      (!filter.model || r.model === filter.model),
  );
}

/** Robots needing attention first (errors, then paused, offline…), then by name as people read them. */
const STATUS_ORDER: Record<RobotStatus, number> = {
  error: 0,
  paused: 1,
  offline: 2,
  charging: 3,
  working: 4,
  idle: 5,
};

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function byAttentionThenName(a: LiveRobot, b: LiveRobot): number {
  return STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || collator.compare(a.name, b.name);
}

/** Each name's place in natural order, kept while no new name appears (names change rarely; statuses often). */
let nameRanks = new Map<string, number>();

function rankOf(robots: readonly LiveRobot[]): Map<string, number> {
  if (robots.every((r) => nameRanks.has(r.name))) return nameRanks;
  const names = [...new Set(robots.map((r) => r.name))].sort(collator.compare);
  nameRanks = new Map(names.map((n, i) => [n, i]));
  return nameRanks;
}

/**
 * The robots in `byAttentionThenName` order, as a new array. Ten thousand live robots are sorted again every
 * time the table refreshes: comparing names with the collator each time took over a hundred milliseconds, so
 * names are ranked once and the sort compares numbers.
 */
export function sortByAttentionThenName(robots: readonly LiveRobot[]): LiveRobot[] {
  const ranks = rankOf(robots);
  const keys = new Float64Array(robots.length);
  const order = new Uint32Array(robots.length);
  robots.forEach((r, i) => {
    keys[i] = STATUS_ORDER[r.status] * robots.length + (ranks.get(r.name) ?? 0);
    order[i] = i;
  });
  order.sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
  return Array.from(order, (i) => robots[i] as LiveRobot);
}

export function modelsOf(robots: readonly LiveRobot[]): string[] {
  return [...new Set(robots.map((r) => r.model))].sort(collator.compare);
}

/** How many robots are in each status, for the summary above the table. */
export function countByStatus(robots: readonly LiveRobot[]): Record<RobotStatus, number> {
  const counts: Record<RobotStatus, number> = {
    working: 0,
    idle: 0,
    charging: 0,
    paused: 0,
    error: 0,
    offline: 0,
  };
  for (const r of robots) counts[r.status] += 1;
  return counts;
}
