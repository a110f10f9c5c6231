import type { LiveRobot } from '@fleet/contract';

/**
 * Whether two records of a robot agree on everything a list of robots is ordered, filtered and counted by
 * (/robots: name, serial number, model, building, status). Its position, battery and times change several
 * times a second and decide none of these.
 */
export function sameListingFields(a: LiveRobot, b: LiveRobot): boolean {
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.serialNumber === b.serialNumber &&
    a.model === b.model &&
    a.buildingId === b.buildingId &&
    a.status === b.status
  );
}
