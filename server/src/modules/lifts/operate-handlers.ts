import { actorDisplayName, type LiftCommandBody, type LiftLiveView, type LiveLift } from '@fleet/contract';
import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { buildingOf } from '../buildings/repo.js';
import { assertServedHere } from '../regions/region-of.js';
import { identityOfLift } from './link/identity-of-lift.js';
import { liftLiveViewOf } from './live-view.js';
import { bankOf, changesOfBank, eventsOf, type LiftRow, liftOf, updateLift } from './repo.js';

type OperateRouteId = 'listLiveLifts' | 'liftCommand' | 'testLiftCall' | 'liftEvents' | 'liftBankHistory';

const EVENTS_PAGE = 50;
/** A test call waits at most this long, whatever the bank's call timeout (it holds an HTTP request open). */
const TEST_CALL_MAX_MS = 120_000;

/** /elevator: lifts live, operators' commands, test calls, the lift log and the configuration history. */
export function operateHandlers(services: Services): Handlers<OperateRouteId> {
  const { reg } = services;

  const view = (live: LiveLift): LiftLiveView => liftLiveViewOf(services.lifts.sessions, live);

  const liveOf = (lift: LiftRow): LiveLift => {
    const live = services.lifts.store.get(lift.id);
    if (!live) throw notFound('lift');
    return live;
  };

  /** Out of service is the lift's, not a session's: it is set here, whichever instance carries the lift. */
  const setOutOfService = async (
    session: Session,
    lift: LiftRow,
    buildingId: string,
    body: Extract<LiftCommandBody, { type: 'outOfService' }>,
  ): Promise<LiftLiveView> => {
    liveOf(lift); // not found before anything is changed, as for every command
    await updateLift(reg, session.companyId, lift.id, { outOfService: body.on });
    services.lifts.store.register(identityOfLift({ ...lift, outOfService: body.on }, buildingId));
    const { reason, ...what } = body;
    services.lifts.sessions.logCommand(lift.id, session.userId, { ...what, reason });
    return view(liveOf(lift));
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
      const bank = await bankOf(reg, session.companyId, lift.bankId);
      // Sessions are opened and changed by the instance carrying the lift's building, wherever the request came.
      const shown =
        body.type === 'outOfService'
          ? await setOutOfService(session, lift, bank.buildingId, body)
          : await services.lifts.sessionOps.run({
              t: 'command',
              companyId: session.companyId,
              liftId: lift.id,
              actor: { id: session.userId, name: actorDisplayName(session.profile) },
              body,
              sessionMs: bank.policy.sessionTimeoutS * 1000,
            });
      const { reason, ...what } = body;
      await audit(
        services.dir,
        session,
        ip,
        body.type === 'forceRelease' ? 'lift.forceRelease' : 'lift.command',
        lift.id,
        { name: lift.name, ...what, reason },
      );
      return shown;
    },
    testLiftCall: async ({ params, body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.manage');
      const lift = await liftOf(reg, session.companyId, params.id);
      const bank = await bankOf(reg, session.companyId, lift.bankId);
      const started = new Date();
      const result = await services.lifts.sessionOps.run({
        t: 'testCall',
        companyId: session.companyId,
        liftId: lift.id,
        actorId: session.userId,
        floor: body.floorCode,
        timeoutMs: Math.min(bank.policy.callTimeoutS * 1000, TEST_CALL_MAX_MS),
      });
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
