import type { ActionState, InstantAction } from '../messages.js';
import { clearOrder, hasOrder, stopMoving } from './order-execution.js';
import type { PendingAction, Vehicle } from './types.js';

/** Finished instant actions kept in `actionStates` so a master control that polls late still sees them. */
export const KEPT_INSTANT_STATES = 10;

export const SUPPORTED_INSTANT_ACTIONS = [
  'startPause',
  'stopPause',
  'cancelOrder',
  'startCharging',
  'stopCharging',
  'stateRequest',
  'factsheetRequest',
] as const;
type Supported = (typeof SUPPORTED_INSTANT_ACTIONS)[number];

/** What each action does when it starts running; a string is the reason it fails instead. */
const start: Record<Supported, (v: Vehicle) => string | undefined> = {
  startPause: (v) => {
    v.paused = true;
    stopMoving(v);
    return undefined;
  },
  stopPause: (v) => {
    v.paused = false;
    return undefined;
  },
  cancelOrder: (v) => {
    if (!hasOrder(v)) return 'noOrderToCancel';
    clearOrder(v);
    return undefined;
  },
  startCharging: (v) => {
    if (hasOrder(v)) return 'cannot charge while executing an order';
    v.charging = true;
    return undefined;
  },
  stopCharging: (v) => {
    v.charging = false;
    return undefined;
  },
  stateRequest: () => undefined,
  factsheetRequest: (v) => {
    v.factsheetRequested = true;
    return undefined;
  },
};

function isSupported(type: string): type is Supported {
  return Object.hasOwn(start, type);
}

/** Lists new instant actions as WAITING; they run on the next steps. */
export function receiveInstantActions(v: Vehicle, actions: readonly InstantAction[]): boolean {
  for (const action of actions) {
    const state: ActionState = {
      actionId: action.actionId,
      actionType: action.actionType,
      actionStatus: 'WAITING',
    };
    v.actionStates = v.actionStates.filter((s) => s.actionId !== action.actionId);
    v.actionStates.push(state);
    v.pendingInstant.push({ action, state });
  }
  return actions.length > 0;
}

/**
 * Moves every pending instant action one stage on: WAITING → RUNNING (its effect happens) → FINISHED, or
 * WAITING → FAILED with a resultDescription. One stage per step makes each stage visible in a published
 * state, which is how a master control follows a command.
 */
export function progressInstantActions(v: Vehicle): boolean {
  if (v.pendingInstant.length === 0) return false;
  const still: PendingAction[] = [];
  for (const p of v.pendingInstant) {
    const s = p.state;
    if (s.actionStatus === 'WAITING') {
      const type = p.action.actionType;
      const failure = isSupported(type) ? start[type](v) : `unsupported actionType '${type}'`;
      if (failure === undefined) {
        s.actionStatus = 'RUNNING';
        still.push(p);
      } else {
        s.actionStatus = 'FAILED';
        s.resultDescription = failure;
      }
    } else {
      s.actionStatus = 'FINISHED';
    }
  }
  v.pendingInstant = still;
  trimInstantStates(v);
  return true;
}

/**
 * Bounds `actionStates`: a robot commanded for days must not publish an ever-growing state. Also called by the
 * audio actions (`audio/robot-audio.ts`), which run outside the steps.
 */
export function trimInstantStates(v: Vehicle): void {
  const orderActionIds = new Set<string>();
  for (const item of [...v.nodeStates, ...v.edgeStates])
    for (const a of item.actions) orderActionIds.add(a.actionId);
  let done = 0;
  for (let i = v.actionStates.length - 1; i >= 0; i--) {
    const s = v.actionStates[i];
    if (!s || orderActionIds.has(s.actionId)) continue;
    if (s.actionStatus !== 'FINISHED' && s.actionStatus !== 'FAILED') continue;
    done++;
    if (done > KEPT_INSTANT_STATES) v.actionStates.splice(i, 1);
  }
}
