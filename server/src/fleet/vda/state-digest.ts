import type { LiveRobot } from '@fleet/contract';
import type { VdaState } from './messages.js';

/**
 * What the live store takes from a VDA 5050 state message: the fields it keeps, in the shape it keeps them.
 * The ingest thread reduces each message to this before handing it to the main thread, so the node and edge
 * lists, loads and the like are neither copied across nor kept.
 */
export interface StateDigest {
  orderId: string | null;
  openNodes: number;
  driving: boolean;
  paused: boolean;
  operatingMode: string;
  battery: number;
  charging: boolean;
  position: { x: number; y: number; theta: number; mapId: string } | null;
  velocity: { vx: number; vy: number; omega: number } | null;
  /** Null: the same as the robot's last state said (the ingest thread leaves unchanged lists out). */
  errors: LiveRobot['errors'] | null;
  actionStates: LiveRobot['actionStates'] | null;
}

export function digestState(
  s: VdaState,
): StateDigest & { errors: LiveRobot['errors']; actionStates: LiveRobot['actionStates'] } {
  const p = s.agvPosition;
  const v = s.velocity;
  return {
    orderId: s.orderId || null,
    openNodes: s.nodeStates.length,
    driving: s.driving,
    paused: s.paused ?? false,
    operatingMode: s.operatingMode,
    battery: batteryPercent(s.batteryState.batteryCharge),
    charging: s.batteryState.charging,
    position: p ? { x: p.x, y: p.y, theta: p.theta, mapId: p.mapId } : null,
    velocity: v ? { vx: v.vx ?? 0, vy: v.vy ?? 0, omega: v.omega ?? 0 } : null,
    errors: digestErrors(s.errors),
    actionStates: digestActions(s.actionStates),
  };
}

/** A state's errors as the live store keeps them: the action an error refers to, if any, picked out. */
export function digestErrors(errors: VdaState['errors']): LiveRobot['errors'] {
  return errors.map(({ errorType, errorLevel, errorDescription, errorReferences }) => {
    const actionId = errorReferences?.find((r) => r.referenceKey === 'actionId')?.referenceValue;
    return {
      errorType,
      errorLevel,
      ...(errorDescription ? { errorDescription } : {}),
      ...(actionId ? { actionId } : {}),
    };
  });
}

/** A state's action states as the live store keeps them. */
export function digestActions(actions: VdaState['actionStates']): LiveRobot['actionStates'] {
  return actions.map(({ actionId, actionType, actionStatus, resultDescription }) => ({
    actionId,
    actionStatus,
    ...(actionType ? { actionType } : {}),
    ...(resultDescription ? { resultDescription } : {}),
  }));
}

/** A battery's charge as the live store keeps it: within 0–100 %, whatever the robot said. */
export const batteryPercent = (charge: number) => Math.max(0, Math.min(100, charge));
