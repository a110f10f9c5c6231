import {
  actorDisplayName,
  type LiftBlock,
  type LiftCommandBody,
  type LiftLiveView,
  type LiveLift,
} from '@fleet/contract';
import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { buildingOf } from '../buildings/repo.js';
import { assertServedHere } from '../regions/region-of.js';
import { liftRule } from './lift-rules.js';
import { identityOfLift } from './link/lift-link.js';
import { liftLiveViewOf } from './live-view.js';
import { bankOf, changesOfBank, eventsOf, type LiftRow, liftOf, updateLift } from './repo.js';
import { BLOCK_WORDS } from './rides/block-words.js';

type OperateRouteId = 'listLiveLifts' | 'liftCommand' | 'testLiftCall' | 'liftEvents' | 'liftBankHistory';

const EVENTS_PAGE = 50;
/** A test call waits at most this long, whatever the bank's call timeout (it holds an HTTP request open). */
const TEST_CALL_MAX_MS = 120_000;
/** Blocks a test call or an operator's call does not mind: they are how a lift gets back into robot service. */
const OPERATOR_MAY: ReadonlySet<LiftBlock> = new Set(['notEnabled', 'outOfService']);

/** /elevator: lifts live, operators' commands, test calls, the lift log and the configuration history. */
export function operateHandlers(services: Services): Handlers<OperateRouteId> {
  const { reg } = services;

  const view = (live: LiveLift): LiftLiveView => liftLiveViewOf(services.lifts.sessions, live);

  const liveOf = (lift: LiftRow): LiveLift => {
    const live = services.lifts.store.get(lift.id);
    if (!live) throw notFound('lift');
    return live;
  };

  /** Refuses to send a lift anything while it cannot move safely (alarm, silent gateway, no state). */
  const assertMovable = (live: LiveLift) => {
    if (live.blocked && !OPERATOR_MAY.has(live.blocked))
      throw conflict(
        `${live.name} ${BLOCK_WORDS[live.blocked]}: it takes no command now`,
        liftRule('liftBlocked', { lift: live.name, block: live.blocked }),
      );
  };

  const assertServes = (live: LiveLift, lift: LiftRow, code: string, field: string) => {
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
  };

  const command = async (session: Session, lift: LiftRow, body: LiftCommandBody): Promise<void> => {
    const link = services.lifts;
    const live = liveOf(lift);
    const bank = await bankOf(reg, session.companyId, lift.bankId);
    const sessionMs = bank.policy.sessionTimeoutS * 1000;
    const operate = (req: Parameters<typeof link.sessions.operate>[2]) => {
      assertMovable(live);
      if (!link.sessions.operate(lift.id, session.userId, req, sessionMs)) {
        const purpose = link.sessions.holder(lift.id)?.purpose;
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
        if (link.sessions.endOperatorSession(lift.id, session.userId)) return;
        const purpose = link.sessions.holder(lift.id)?.purpose;
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
      case 'forceRelease': {
        const name = actorDisplayName(session.profile);
        if (!link.sessions.release(lift.id, { id: session.userId, name }, body.reason))
          throw conflict(`nothing holds ${lift.name}`, liftRule('liftNotHeld', { lift: lift.name }));
        return;
      }
      case 'outOfService': {
        await updateLift(reg, session.companyId, lift.id, { outOfService: body.on });
        link.store.register(identityOfLift({ ...lift, outOfService: body.on }, bank.buildingId));
        return;
      }
    }
  };

  return {
    listLiveLifts: async ({ query }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.read');
      if (query.buildingId) await buildingOf(reg, session.companyId, query.buildingId);
      return services.lifts.store
        .list(session.companyId, query.buildingId)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(view);
    },
    liftCommand: async ({ params, body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.operate');
      const lift = await liftOf(reg, session.companyId, params.id);
      await command(session, lift, body);
      const { reason, ...what } = body;
      // A force release is in the log already, with its reason.
      if (body.type !== 'forceRelease')
        services.lifts.sessions.logCommand(lift.id, session.userId, { ...what, reason });
      await audit(
        services.dir,
        session,
        ip,
        body.type === 'forceRelease' ? 'lift.forceRelease' : 'lift.command',
        lift.id,
        { name: lift.name, ...what, reason },
      );
      return view(liveOf(lift));
    },
    testLiftCall: async ({ params, body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.manage');
      const lift = await liftOf(reg, session.companyId, params.id);
      const bank = await bankOf(reg, session.companyId, lift.bankId);
      const live = liveOf(lift);
      assertMovable(live);
      assertServes(live, lift, body.floorCode, 'body.floorCode');
      const started = new Date();
      const timeoutMs = Math.min(bank.policy.callTimeoutS * 1000, TEST_CALL_MAX_MS);
      const pending = services.lifts.sessions.testCall(lift.id, body.floorCode, timeoutMs, session.userId);
      if (!pending) {
        const purpose = services.lifts.sessions.holder(lift.id)?.purpose;
        throw conflict(
          `${lift.name} is held by a ${purpose}`,
          liftRule('liftHeld', { lift: lift.name, purpose: purpose ?? 'operator' }),
        );
      }
      const result = await pending;
      const testedAt = new Date();
      // A pass counts only for the configuration it tested: not if the lift was changed meanwhile.
      const now = await liftOf(reg, session.companyId, lift.id);
      if (result.passed && now.changedAt <= started)
        await updateLift(reg, session.companyId, lift.id, { testPassedAt: testedAt });
      await audit(services.dir, session, ip, 'lift.testCall', lift.id, {
        name: lift.name,
        floor: body.floorCode,
        passed: result.passed,
        latencyMs: result.latencyMs,
      });
      return {
        ...result,
        report: result.report ? { ...result.report } : null,
        testedAt: testedAt.toISOString(),
      };
    },
    liftEvents: async ({ params, query }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.read');
      const lift = await liftOf(reg, session.companyId, params.id);
      const rows = await eventsOf(
        reg,
        session.companyId,
        lift.id,
        {
          kinds: query.kinds
            ? query.kinds
                .split(',')
                .map((k) => k.trim())
                .filter(Boolean)
            : undefined,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
        },
        { offset: (query.page - 1) * EVENTS_PAGE, limit: EVENTS_PAGE + 1 },
      );
      return {
        list: rows.slice(0, EVENTS_PAGE).map((e) => ({
          id: e.id,
          at: e.at.toISOString(),
          kind: e.kind,
          sessionId: e.sessionId,
          robotId: e.robotId,
          actorId: e.actorId,
          detail: e.detail,
        })),
        hasMore: rows.length > EVENTS_PAGE,
      };
    },
    liftBankHistory: async ({ params }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.read');
      const bank = await bankOf(reg, session.companyId, params.id);
      return (await changesOfBank(reg, session.companyId, bank.id)).map((c) => ({
        id: c.id,
        at: c.at.toISOString(),
        version: c.version,
        liftId: c.liftId,
        actor: { id: c.actorId, name: c.actorName },
        changes: c.changes,
      }));
    },
  };
}
