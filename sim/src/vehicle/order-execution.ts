import type { ActionState, Order } from '../messages.js';
import { moveTowards } from './motion.js';
import type { Vehicle, VehicleParams } from './types.js';

const TERMINAL = new Set(['FINISHED', 'FAILED']);
/** How long a refused order's validationError stays in `errors`, simulated seconds. */
export const VALIDATION_ERROR_S = 5;

export function hasOrder(v: Vehicle): boolean {
  return v.nodeStates.length > 0;
}

/** Nothing to do: no order left, not paused, not charging a battery that is still filling. */
export function isIdle(v: Vehicle): boolean {
  return !hasOrder(v) && !v.paused && !v.charging && v.pendingInstant.length === 0;
}

/**
 * Takes a new order, replacing whatever runs. A repeat of the current orderId/orderUpdateId is ignored
 * (VDA 5050 lets a master control resend an order it is unsure arrived). Returns whether anything changed.
 */
export function acceptOrder(v: Vehicle, order: Order): boolean {
  if (order.orderId === v.orderId && order.orderUpdateId === v.orderUpdateId && hasOrder(v)) return false;
  const nodes = [...order.nodes].sort((a, b) => a.sequenceId - b.sequenceId);
  const edges = [...order.edges].sort((a, b) => a.sequenceId - b.sequenceId);
  v.orderId = order.orderId;
  v.orderUpdateId = order.orderUpdateId;
  v.nodeStates = nodes.map((n) => ({ ...n, actions: n.actions }));
  v.edgeStates = edges.map((e) => ({ ...e, actions: e.actions }));
  v.distanceSinceLastNode = 0;
  v.chargeOnArrival = false;
  // Leaving the charger: a robot that drives off stops charging.
  v.charging = false;
  v.errors = v.errors.filter((e) => e.errorType !== 'validationError');
  // The previous order's actions are history now; keep only instant actions still in progress.
  const pending = new Set(v.pendingInstant.map((p) => p.state));
  v.actionStates = v.actionStates.filter((s) => pending.has(s));
  for (const item of [...nodes, ...edges]) {
    for (const a of item.actions) {
      v.actionStates.push({ actionId: a.actionId, actionType: a.actionType, actionStatus: 'WAITING' });
    }
  }
  return true;
}

/**
 * A malformed order or instantActions message changes nothing and is reported as the spec's
 * validationError, naming the topic, until it clears by itself or a valid order arrives.
 */
export function reportValidationError(v: Vehicle, topic: 'order' | 'instantActions', reason: string): void {
  v.errors = v.errors.filter((e) => e.errorType !== 'validationError');
  v.errors.push({
    errorType: 'validationError',
    errorLevel: 'WARNING',
    errorDescription: reason.slice(0, 200),
    errorReferences: [{ referenceKey: 'topic', referenceValue: topic }],
  });
  v.errorClearsAt = Math.max(v.errorClearsAt ?? 0, v.time + VALIDATION_ERROR_S);
}

/** Stops and forgets the rest of the order; its actions not yet done fail, as the spec asks. */
export function clearOrder(v: Vehicle): void {
  const left = new Set<string>();
  for (const item of [...v.nodeStates, ...v.edgeStates]) for (const a of item.actions) left.add(a.actionId);
  for (const s of v.actionStates) {
    if (left.has(s.actionId) && !TERMINAL.has(s.actionStatus)) {
      s.actionStatus = 'FAILED';
      s.resultDescription = 'order cancelled';
    }
  }
  v.nodeStates = [];
  v.edgeStates = [];
  v.chargeOnArrival = false;
  stopMoving(v);
}

export function stopMoving(v: Vehicle): void {
  v.driving = false;
  v.velocity.vx = 0;
  v.velocity.vy = 0;
  v.velocity.omega = 0;
}

/** Robots halt for obstacles; a refused order is only a report and does not stop them. */
export function isBlocked(v: Vehicle): boolean {
  return v.errors.some((e) => e.errorType === 'obstacleDetected') || v.battery <= 0;
}

/**
 * Drives along the order for `dt` seconds, through as many nodes as that time allows. Only released nodes
 * are driven to (the rest is the horizon). Returns whether a node was reached, i.e. the state changed.
 */
export function driveOrder(v: Vehicle, dt: number, params: VehicleParams): boolean {
  let t = dt;
  let changed = false;
  let vx = 0;
  let omega = 0;
  while (t > 0 && v.nodeStates.length > 0) {
    const node = v.nodeStates[0];
    if (!node?.released) break;
    const pos = node.nodePosition;
    const edge = v.edgeStates[0];
    const speed = Math.min(
      params.speed,
      edge?.endNodeId === node.nodeId ? (edge.maxSpeed ?? Infinity) : Infinity,
    );
    // No lifts are simulated: a node on another floor (or without a position) is simply reached.
    if (pos && pos.mapId === v.pose.mapId) {
      const last = v.nodeStates.length === 1;
      const r = moveTowards(v.pose, pos.x, pos.y, last ? pos.theta : undefined, t, speed, params.turnRate);
      v.odometer += r.distance;
      v.distanceSinceLastNode += r.distance;
      vx = r.vx;
      omega = r.omega;
      t = r.remaining;
      if (!r.arrived) break;
    } else if (pos) {
      v.pose.x = pos.x;
      v.pose.y = pos.y;
      v.pose.theta = pos.theta ?? v.pose.theta;
      v.pose.mapId = pos.mapId;
    }
    reachNode(v);
    changed = true;
  }
  // Arrived: the order is done, so the robot reports standing even if it moved earlier in this step.
  if (!hasOrder(v)) {
    vx = 0;
    omega = 0;
  }
  v.velocity.vx = vx;
  v.velocity.omega = omega;
  const driving = vx !== 0 || omega !== 0;
  if (driving !== v.driving) changed = true;
  v.driving = driving;
  if (!hasOrder(v) && v.chargeOnArrival) {
    v.chargeOnArrival = false;
    v.charging = true;
  }
  return changed;
}

function reachNode(v: Vehicle): void {
  const node = v.nodeStates.shift();
  if (!node) return;
  v.lastNodeId = node.nodeId;
  v.lastNodeSequenceId = node.sequenceId;
  v.distanceSinceLastNode = 0;
  const edge = v.edgeStates[0];
  const finished: string[] = node.actions.map((a) => a.actionId);
  if (edge && edge.endNodeId === node.nodeId) {
    v.edgeStates.shift();
    for (const a of edge.actions) finished.push(a.actionId);
  }
  // Order actions are acknowledged, not acted out: they finish when their node or edge is done.
  if (finished.length > 0) {
    const ids = new Set(finished);
    for (const s of v.actionStates) if (ids.has(s.actionId)) finishAction(s);
  }
}

function finishAction(s: ActionState): void {
  if (!TERMINAL.has(s.actionStatus)) s.actionStatus = 'FINISHED';
}
