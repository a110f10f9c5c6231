import type { LiftRow } from '../repo.js';
import type { LiftIdentity } from './lift-live-store.js';

/** A lift's row, with its bank's building, as the live store knows it. */
export const identityOfLift = (row: LiftRow, buildingId: string): LiftIdentity => ({
  id: row.id,
  companyId: row.companyId,
  bankId: row.bankId,
  buildingId,
  name: row.name,
  gatewayId: row.gatewayId,
  liftName: row.gatewayLiftName,
  enabledForRobots: row.enabledForRobots,
  outOfService: row.outOfService,
});
