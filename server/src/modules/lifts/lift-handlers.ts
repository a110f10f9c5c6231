import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import { conflict } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { toFloorMapDto } from '../buildings/dtos.js';
import { floorsOf } from '../buildings/repo.js';
import { assertServedHere } from '../regions/region-of.js';
import { refuse } from './bank-handlers.js';
import { type FieldChange, fieldChanges } from './config-changes.js';
import { toLiftDto } from './dtos.js';
import { type LandingFloor, type LandingPlan, landingProblems } from './landing-rules.js';
import { identityOfLift } from './link/lift-link.js';
import {
  type BankRow,
  bankOf,
  deleteLift,
  insertChange,
  insertLift,
  type LiftRow,
  liftOf,
  updateBank,
  updateLift,
} from './repo.js';

type LiftRouteId = 'createLift' | 'editLift' | 'removeLift' | 'setLiftEnabled';

/** What a test call checks: a change of any of these needs a new passed test call before robots ride again. */
const TESTED_FIELDS = ['gatewayLiftName', 'doorSides', 'servedFloorIds', 'landings'] as const;

/** Lifts of a bank: their gateway name, served floors and landings, robot service and test-call gate. */
export function liftHandlers(services: Services): Handlers<LiftRouteId> {
  const { reg } = services;
  const actorName = (s: Session) => `${s.profile.firstName} ${s.profile.lastName}`.trim() || s.profile.email;

  const checkLandings = async (session: Session, bank: BankRow, plan: LandingPlan) => {
    const floors = new Map<string, LandingFloor>(
      (await floorsOf(reg, session.companyId, bank.buildingId)).map((f) => [
        f.id,
        { buildingId: f.buildingId, name: f.name, bounds: toFloorMapDto(f)?.bounds ?? null },
      ]),
    );
    const problems = landingProblems(plan, bank.buildingId, floors);
    if (problems.length > 0) refuse(problems);
  };

  /** A lift's change is a new version of its bank's configuration, kept with who made it. */
  const recordChange = async (
    db: Parameters<typeof insertChange>[0],
    session: Session,
    bank: BankRow,
    lift: LiftRow,
    changes: FieldChange[],
  ) => {
    await updateBank(db, session.companyId, bank.id, { version: bank.version + 1, updatedAt: new Date() });
    await insertChange(db, {
      companyId: session.companyId,
      bankId: bank.id,
      liftId: lift.id,
      version: bank.version + 1,
      actorId: session.userId,
      actorName: actorName(session),
      changes,
    });
  };

  const nameTaken = (err: unknown) => {
    if (isUniqueViolation(err))
      throw conflict('the bank’s gateway already reports a lift under this gateway lift name');
    throw err;
  };

  return {
    createLift: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.manage');
      const bank = await bankOf(reg, session.companyId, body.bankId);
      await checkLandings(session, bank, body);
      const row = await reg
        .transaction(async (tx) => {
          const created = await insertLift(tx, {
            companyId: session.companyId,
            bankId: bank.id,
            gatewayId: bank.gatewayId,
            name: body.name,
            gatewayLiftName: body.gatewayLiftName,
            doorSides: body.doorSides,
            servedFloorIds: body.servedFloorIds,
            landings: body.landings,
            maxRobots: body.maxRobots,
          });
          await recordChange(tx, session, bank, created, [{ field: 'created', from: null, to: body.name }]);
          return created;
        })
        .catch(nameTaken);
      services.lifts.store.register(identityOfLift(row, bank.buildingId));
      await audit(services.dir, session, ip, 'lift.create', row.id, { name: body.name, bank: bank.name });
      return toLiftDto(row);
    },
    editLift: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.manage');
      const before = await liftOf(reg, session.companyId, body.id);
      const bank = await bankOf(reg, session.companyId, before.bankId);
      const plan: LandingPlan = {
        servedFloorIds: body.servedFloorIds ?? before.servedFloorIds,
        doorSides: body.doorSides ?? before.doorSides,
        landings: body.landings ?? before.landings,
      };
      const { id: _id, ...next } = body;
      const changes = fieldChanges(before, next);
      if (changes.length === 0) return toLiftDto(before);
      if (body.servedFloorIds || body.doorSides || body.landings) await checkLandings(session, bank, plan);
      const retest = changes.some((c) => (TESTED_FIELDS as readonly string[]).includes(c.field));
      if (retest && before.enabledForRobots)
        changes.push({ field: 'enabledForRobots', from: true, to: false });
      const link = services.lifts;
      if (retest && link.sessions.holder(before.id)?.purpose === 'ride')
        throw conflict(
          `a robot is riding ${before.name}: change its floors or gateway name once the ride has ended`,
        );
      await reg
        .transaction(async (tx) => {
          await updateLift(tx, session.companyId, before.id, {
            ...Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)),
            ...(retest ? { enabledForRobots: false, changedAt: new Date() } : {}),
            version: before.version + 1,
          });
          await recordChange(tx, session, bank, before, changes);
        })
        .catch(nameTaken);
      const row = await liftOf(reg, session.companyId, before.id);
      link.store.register(identityOfLift(row, bank.buildingId));
      await audit(services.dir, session, ip, 'lift.edit', row.id, {
        name: row.name,
        fields: changes.map((c) => c.field),
      });
      return toLiftDto(row);
    },
    removeLift: async ({ params }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.manage');
      const lift = await liftOf(reg, session.companyId, params.id);
      const link = services.lifts;
      if (link.sessions.holder(lift.id)?.purpose === 'ride')
        throw conflict(`a robot is riding ${lift.name}: wait for the ride to end or release it`);
      const bank = await bankOf(reg, session.companyId, lift.bankId);
      await reg.transaction(async (tx) => {
        await deleteLift(tx, session.companyId, lift.id);
        await recordChange(tx, session, bank, lift, [{ field: 'removed', from: lift.name, to: null }]);
      });
      link.store.unregister(lift.id);
      await audit(services.dir, session, ip, 'lift.remove', lift.id, { name: lift.name, bank: bank.name });
      return null;
    },
    setLiftEnabled: async ({ params, body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.manage');
      const lift = await liftOf(reg, session.companyId, params.id);
      if (lift.enabledForRobots === body.enabled) return toLiftDto(lift);
      if (body.enabled && (!lift.testPassedAt || lift.testPassedAt < lift.changedAt))
        throw conflict(
          `${lift.name} needs a passed test call since its last change before robots may ride it`,
        );
      const bank = await bankOf(reg, session.companyId, lift.bankId);
      await reg.transaction(async (tx) => {
        await updateLift(tx, session.companyId, lift.id, {
          enabledForRobots: body.enabled,
          version: lift.version + 1,
        });
        await recordChange(tx, session, bank, lift, [
          { field: 'enabledForRobots', from: lift.enabledForRobots, to: body.enabled },
        ]);
      });
      const row = await liftOf(reg, session.companyId, lift.id);
      services.lifts.store.register(identityOfLift(row, bank.buildingId));
      await audit(services.dir, session, ip, body.enabled ? 'lift.enable' : 'lift.disable', lift.id, {
        name: lift.name,
      });
      return toLiftDto(row);
    },
  };
}
