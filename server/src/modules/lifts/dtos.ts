import type { Lift, LiftBank, LiftGateway } from '@fleet/contract';
import type { BankRow, GatewayRow, LiftRow } from './repo.js';

export function toGatewayDto(
  row: GatewayRow & { bankCount: number },
  topicPrefix: string,
  online: boolean | null,
): LiftGateway {
  return {
    id: row.id,
    name: row.name,
    topicRoot: `${topicPrefix}/${row.id}`,
    online,
    bankCount: row.bankCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toLiftDto(row: LiftRow): Lift {
  return {
    id: row.id,
    bankId: row.bankId,
    name: row.name,
    gatewayLiftName: row.gatewayLiftName,
    doorSides: row.doorSides,
    servedFloorIds: row.servedFloorIds,
    landings: row.landings,
    maxRobots: row.maxRobots,
    enabledForRobots: row.enabledForRobots,
    outOfService: row.outOfService,
    testPassedAt: row.testPassedAt?.toISOString() ?? null,
    changedAt: row.changedAt.toISOString(),
    version: row.version,
  };
}

export function toBankDto(row: BankRow, lifts: LiftRow[]): LiftBank {
  return {
    id: row.id,
    buildingId: row.buildingId,
    name: row.name,
    vendor: row.vendor,
    gatewayId: row.gatewayId,
    adapter: row.adapter,
    hasAdapterCredential: row.adapterCredential !== null,
    policy: row.policy,
    lifts: lifts.filter((l) => l.bankId === row.id).map(toLiftDto),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}
