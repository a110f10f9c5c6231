import type { robots } from '../db/schema/index.js';
import type { RobotIdentity } from './live-store.js';

/** A robot's row as the live fleet knows it. */
export function identityOf(row: typeof robots.$inferSelect): RobotIdentity {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    manufacturer: row.manufacturer,
    serialNumber: row.serialNumber,
    model: row.model,
    buildingId: row.buildingId,
    expectedIntervalMs: row.expectedIntervalSeconds * 1000,
  };
}
