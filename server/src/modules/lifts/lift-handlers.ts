import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { conflict, refusedFields } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { toFloorMapDto } from '../buildings/dtos.js';
import { floorsOf } from '../buildings/repo.js';
import { assertServedHere } from '../regions/region-of.js';
import { createLift, editLift, removeLift, setLiftEnabled } from './change-lift-config.js';
import { definedOnly, fieldChanges } from './config-changes.js';
import { toLiftDto } from './dtos.js';
import { type LandingFloor, type LandingPlan, landingProblems } from './landing-rules.js';
import { liftRule } from './lift-rules.js';
import { identityOfLift } from './link/identity-of-lift.js';
import { type BankRow, bankOf, liftOf } from './repo.js';

type LiftRouteId = 'createLift' | 'editLift' | 'removeLift' | 'setLiftEnabled';

/** What a test call checks: a change of any of these needs a new passed test call before robots ride again. */
const TESTED_FIELDS = ['gatewayLiftName', 'doorSides', 'servedFloorIds', 'landings'] as const;

/** Lifts of a bank: their gateway name, served floors and landings, robot service and test-call gate. */
export function liftHandlers(services: Services): Handlers<LiftRouteId> {
  const { reg } = services;

  const checkLandings = async (session: Session, bank: BankRow, plan: LandingPlan) => {
    const floors = new Map<string, LandingFloor>(
      (await floorsOf(reg, session.companyId, bank.buildingId)).map((f) => [
        f.id,
        { buildingId: f.buildingId, name: f.name, bounds: toFloorMapDto(f)?.bounds ?? null },
      ]),
    );
    const problems = landingProblems(plan, bank.buildingId, floors);
    if (problems.length > 0) throw refusedFields(problems);
  };

  return {
    createLift: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.manage');
      const bank = await bankOf(reg, session.companyId, body.bankId);
      await checkLandings(session, bank, body);
      const row = await createLift(reg, session, bank, {
        name: body.name,
        gatewayLiftName: body.gatewayLiftName,
        doorSides: body.doorSides,
        servedFloorIds: body.servedFloorIds,
        landings: body.landings,
        maxRobots: body.maxRobots,
      });
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
          liftRule('liftRidingNoChange', { lift: before.name }),
        );
      await editLift(reg, session, bank, before, definedOnly(next), changes, retest);
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
        throw conflict(
          `a robot is riding ${lift.name}: wait for the ride to end or release it`,
          liftRule('liftRidingNoRemove', { lifts: lift.name }),
        );
      const bank = await bankOf(reg, session.companyId, lift.bankId);
      await removeLift(reg, session, bank, lift);
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
          liftRule('liftNotTested', { lift: lift.name }),
        );
      const bank = await bankOf(reg, session.companyId, lift.bankId);
      await setLiftEnabled(reg, session, bank, lift, body.enabled);
      const row = await liftOf(reg, session.companyId, lift.id);
      services.lifts.store.register(identityOfLift(row, bank.buildingId));
      await audit(services.dir, session, ip, body.enabled ? 'lift.enable' : 'lift.disable', lift.id, {
        name: lift.name,
      });
      return toLiftDto(row);
    },
  };
}
