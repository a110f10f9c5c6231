import type { RobotFacts, RobotIdentity } from '../live-store.js';
import type { ErrorOpened } from './error-ledger.js';
import type { ErrorRow, IntervalRow, TaskRow } from './insert-facts.js';
import type { SampleRow } from './insert-samples.js';
import type { Owner } from './robot-owners.js';
import type { StatePiece } from './state-ledger.js';
import type { FinishedTask } from './task-ledger.js';

/** The robot's state sample at `t`: what its chart shows. */
export function sampleRow(robot: RobotIdentity, live: RobotFacts, t: number): SampleRow {
  return {
    companyId: robot.companyId,
    robotId: robot.id,
    at: new Date(t),
    status: live.status,
    connection: live.connection,
    mapId: live.position?.mapId ?? null,
    x: live.position?.x ?? null,
    y: live.position?.y ?? null,
    theta: live.position?.theta ?? null,
    battery: live.battery,
    charging: live.charging,
    orderId: live.orderId,
    errorCount: live.errors.length,
  };
}

export function intervalRow(p: StatePiece, owner: Owner): IntervalRow {
  return {
    companyId: owner.companyId,
    robotId: p.robotId,
    buildingId: owner.buildingId,
    state: p.state,
    startedAt: new Date(p.startedAt),
    endedAt: new Date(p.endedAt),
    errorCodes: p.errorCodes,
  };
}

/** An error as it opens: written open, ended when the ledger closes it. */
export function errorRow(robotId: string, owner: Owner, o: ErrorOpened): ErrorRow {
  return {
    id: o.id,
    companyId: owner.companyId,
    robotId,
    buildingId: owner.buildingId,
    code: o.code,
    level: o.level,
    description: o.description,
    startedAt: new Date(o.startedAt),
    endedAt: null,
  };
}

export function taskRow(robotId: string, owner: Owner, f: FinishedTask): TaskRow {
  return {
    companyId: owner.companyId,
    robotId,
    buildingId: owner.buildingId,
    orderId: f.orderId,
    type: f.type,
    startedAt: new Date(f.startedAt),
    endedAt: new Date(f.endedAt),
    result: f.result,
    distanceM: f.distanceM,
    mapIds: f.mapIds,
    liftRides: f.liftRides,
    liftWaitS: f.liftWaitS,
    interventions: f.interventions,
    errorCodes: f.errorCodes,
    plannedAreaM2: f.plannedAreaM2,
    cleanedAreaM2: f.cleanedAreaM2,
  };
}
