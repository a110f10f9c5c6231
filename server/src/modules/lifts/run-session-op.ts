import type { LiftBlock, LiftCommandBody, LiftLiveView, LiveLift } from '@fleet/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { liftRule } from './lift-rules.js';
import type { LiftLiveStore } from './link/lift-live-store.js';
import { liftLiveViewOf } from './live-view.js';
import { type LiftRow, liftOf } from './repo.js';
import { BLOCK_WORDS } from './rides/block-words.js';
import type { LiftSessions } from './rides/lift-sessions.js';
import type { TestCallResult } from './rides/test-call.js';

/** Blocks a test call or an operator's call does not mind: they are how a lift gets back into robot service. */
const OPERATOR_MAY: ReadonlySet<LiftBlock> = new Set(['notEnabled', 'outOfService']);

/** An operator's command that opens, changes or ends a session (out of service is the lift's, not a session's). */
export type SessionCommand = Exclude<LiftCommandBody, { type: 'outOfService' }>;

/**
 * What an operator asks of a lift's sessions, complete enough to run on another instance: the one carrying the
 * lift's building (LIFTS-SESSIONS-CARRIED). The instance the request reached has read the lift and its bank.
 */
export type SessionOp =
  | {
      t: 'command';
      companyId: string;
      liftId: string;
      actor: { id: string; name: string };
      body: SessionCommand;
      sessionMs: number;
    }
  | { t: 'testCall'; companyId: string; liftId: string; actorId: string; floor: string; timeoutMs: number };

/** What each operation answers: the lift as /elevator shows it after the command, or how the test call went. */
export interface SessionOutcomes {
  command: LiftLiveView;
  testCall: TestCallResult;
}

export interface SessionOpDeps {
  reg: Db;
  store: LiftLiveStore;
  sessions: LiftSessions;
}

/** Runs an operator's command or a test call on this instance's sessions; refusals throw as the route answers them. */
export async function runSessionOp<T extends SessionOp>(
  deps: SessionOpDeps,
  op: T,
): Promise<SessionOutcomes[T['t']]> {
  const lift = await liftOf(deps.reg, op.companyId, op.liftId);
  const live = deps.store.get(lift.id);
  if (!live) throw notFound('lift');
  if (op.t === 'testCall') return (await testCall(deps, lift, live, op)) as SessionOutcomes[T['t']];
  command(deps, lift, live, op as Extract<SessionOp, { t: 'command' }>);
  const { reason, ...what } = op.body;
  // A force release is in the log already, with its reason.
  if (op.body.type !== 'forceRelease') deps.sessions.logCommand(lift.id, op.actor.id, { ...what, reason });
  return liftLiveViewOf(deps.sessions, deps.store.get(lift.id) ?? live) as SessionOutcomes[T['t']];
}

function testCall(
  { sessions }: SessionOpDeps,
  lift: LiftRow,
  live: LiveLift,
  op: Extract<SessionOp, { t: 'testCall' }>,
): Promise<TestCallResult> {
  assertMovable(live);
  assertServes(live, lift, op.floor, 'body.floorCode');
  const pending = sessions.testCall(lift.id, op.floor, op.timeoutMs, op.actorId);
  if (!pending) {
    const purpose = sessions.holder(lift.id)?.purpose;
    throw conflict(
      `${lift.name} is held by a ${purpose}`,
      liftRule('liftHeld', { lift: lift.name, purpose: purpose ?? 'operator' }),
    );
  }
  return pending;
}

function command(
  { sessions }: SessionOpDeps,
  lift: LiftRow,
  live: LiveLift,
  op: Extract<SessionOp, { t: 'command' }>,
) {
  const { body, actor } = op;
  const operate = (req: Parameters<LiftSessions['operate']>[2]) => {
    assertMovable(live);
    if (!sessions.operate(lift.id, actor.id, req, op.sessionMs)) {
      const purpose = sessions.holder(lift.id)?.purpose;
      throw conflict(
        `${lift.name} is held by a ${purpose ?? 'session'}: release it first`,
        liftRule('liftHeld', { lift: lift.name, purpose: purpose ?? 'operator' }),
      );
    }
  };
  switch (body.type) {
    case 'call':
      assertServes(live, lift, body.floorCode, 'body.floorCode');
      return operate({ requestType: 'agvMode', destinationFloor: body.floorCode, doorState: 'open' });
    case 'doors': {
      const here = live.report?.currentFloor;
      if (!here)
        throw conflict(
          `${lift.name} has not reported where it is`,
          liftRule('liftNotLocated', { lift: lift.name }),
        );
      return operate({
        requestType: 'agvMode',
        destinationFloor: here,
        doorState: body.action === 'close' ? 'closed' : 'open',
      });
    }
    case 'robotMode':
      return operate(body.on ? { requestType: 'agvMode' } : { requestType: 'humanMode' });
    case 'endSession': {
      if (sessions.endOperatorSession(lift.id, actor.id)) return;
      const purpose = sessions.holder(lift.id)?.purpose;
      throw purpose
        ? conflict(
            `${lift.name} is held by a ${purpose}: use force release`,
            liftRule('liftHeldForceRelease', { lift: lift.name, purpose }),
          )
        : conflict(
            `${lift.name} has no operator session to end`,
            liftRule('liftNoOperatorSession', { lift: lift.name }),
          );
    }
    case 'forceRelease':
      if (!sessions.release(lift.id, actor, body.reason))
        throw conflict(`nothing holds ${lift.name}`, liftRule('liftNotHeld', { lift: lift.name }));
      return;
  }
}

/** Refuses to send a lift anything while it cannot move safely (alarm, silent gateway, no state). */
function assertMovable(live: LiveLift): void {
  if (live.blocked && !OPERATOR_MAY.has(live.blocked))
    throw conflict(
      `${live.name} ${BLOCK_WORDS[live.blocked]}: it takes no command now`,
      liftRule('liftBlocked', { lift: live.name, block: live.blocked }),
    );
}

function assertServes(live: LiveLift, lift: LiftRow, code: string, field: string): void {
  const configured = [...new Set(lift.landings.map((l) => l.floorCode))];
  if (!configured.includes(code)) {
    const floors = configured.join(', ');
    throw badRequest(
      field,
      `${lift.name} has no landing "${code}" (it has ${floors})`,
      liftRule('liftNoLanding', { lift: lift.name, floor: code, floors }),
    );
  }
  if (live.report && !live.report.availableFloors.includes(code))
    throw conflict(
      `${live.name} does not advertise floor "${code}" now`,
      liftRule('liftFloorNotAdvertised', { lift: live.name, floor: code }),
    );
}
