import type { LiftPolicy, LiftVendor } from '@fleet/contract';
import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { conflict, refusedFields } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { buildingOf } from '../buildings/repo.js';
import { assertServedHere } from '../regions/region-of.js';
import { robotOf } from '../robots/repo.js';
import { createBank, editBank } from './change-lift-config.js';
import { definedOnly, fieldChanges } from './config-changes.js';
import { toBankDto } from './dtos.js';
import { policyProblems } from './lift-policy.js';
import { liftRule } from './lift-rules.js';
import { identityOfLift } from './link/identity-of-lift.js';
import { bankOf, banksOf, deleteBank, gatewayOf, liftsOfBanks } from './repo.js';

type BankRouteId = 'listLiftBanks' | 'createLiftBank' | 'editLiftBank' | 'removeLiftBank';

/** Banks of lifts: vendor, gateway, adapter settings (credential write-only) and the policy for robots. */
export function bankHandlers(services: Services): Handlers<BankRouteId> {
  const { reg, cipher } = services;

  const bankDto = async (companyId: string, id: string) => {
    const bank = await bankOf(reg, companyId, id);
    return toBankDto(bank, await liftsOfBanks(reg, companyId, [bank.id]));
  };

  /** The policy must suit the vendor, and every robot it names must be one of the company's. */
  const checkPolicy = async (session: Session, policy: LiftPolicy, vendor: LiftVendor) => {
    const problems = policyProblems(policy, vendor);
    for (const [i, id] of policy.allowedRobotIds.entries()) {
      try {
        await robotOf(reg, session.companyId, id);
      } catch {
        problems.push({
          path: `policy.allowedRobotIds.${i}`,
          message: 'not one of the company’s robots',
          rule: 'robotNotOfCompany',
        });
      }
    }
    if (problems.length > 0) throw refusedFields(problems);
  };

  return {
    listLiftBanks: async ({ query }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.read');
      if (query.buildingId) await buildingOf(reg, session.companyId, query.buildingId);
      const banks = await banksOf(reg, session.companyId, query.buildingId);
      const lifts = await liftsOfBanks(
        reg,
        session.companyId,
        banks.map((b) => b.id),
      );
      return banks.map((b) => toBankDto(b, lifts));
    },
    createLiftBank: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.manage');
      await buildingOf(reg, session.companyId, body.buildingId);
      await gatewayOf(reg, session.companyId, body.gatewayId);
      await checkPolicy(session, body.policy, body.vendor);
      const row = await createBank(reg, session, {
        buildingId: body.buildingId,
        name: body.name,
        vendor: body.vendor,
        gatewayId: body.gatewayId,
        adapter: body.adapter,
        adapterCredential: body.adapterCredential ? cipher.encrypt(body.adapterCredential) : null,
        policy: body.policy,
      });
      services.lifts.setBankLimit(row.id, row.policy.maxSessions);
      await audit(services.dir, session, ip, 'liftBank.create', row.id, { name: body.name });
      return bankDto(session.companyId, row.id);
    },
    editLiftBank: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.manage');
      const before = await bankOf(reg, session.companyId, body.id);
      if (body.gatewayId) await gatewayOf(reg, session.companyId, body.gatewayId);
      const vendor = body.vendor ?? before.vendor;
      const policy = body.policy ?? before.policy;
      if (body.policy || body.vendor) await checkPolicy(session, policy, vendor);
      const credential =
        body.adapterCredential === undefined
          ? undefined
          : body.adapterCredential === null
            ? null
            : cipher.encrypt(body.adapterCredential);
      const next = {
        name: body.name,
        vendor: body.vendor,
        gatewayId: body.gatewayId,
        adapter: body.adapter,
        policy: body.policy,
        adapterCredential: credential,
      };
      const changes = fieldChanges(before, next, ['adapterCredential']);
      if (changes.length === 0) return bankDto(session.companyId, before.id);
      const gatewayMoved = body.gatewayId !== undefined && body.gatewayId !== before.gatewayId;
      await editBank(
        reg,
        session,
        before,
        definedOnly(next),
        changes,
        gatewayMoved && body.gatewayId
          ? { gatewayId: body.gatewayId, lifts: await liftsOfBanks(reg, session.companyId, [before.id]) }
          : null,
      );
      const link = services.lifts;
      link.setBankLimit(before.id, policy.maxSessions);
      if (gatewayMoved)
        for (const l of await liftsOfBanks(reg, session.companyId, [before.id]))
          link.store.register(identityOfLift(l, before.buildingId));
      await audit(services.dir, session, ip, 'liftBank.edit', before.id, {
        name: body.name ?? before.name,
        fields: changes.map((c) => c.field),
      });
      return bankDto(session.companyId, before.id);
    },
    removeLiftBank: async ({ params }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'lifts.manage');
      const bank = await bankOf(reg, session.companyId, params.id);
      const lifts = await liftsOfBanks(reg, session.companyId, [bank.id]);
      const link = services.lifts;
      const busy = lifts.filter((l) => link.sessions.holder(l.id)?.purpose === 'ride');
      if (busy.length > 0) {
        const names = busy.map((l) => l.name).join(', ');
        throw conflict(
          `a robot is riding ${names}: wait for the ride to end or release it`,
          liftRule('liftRidingNoRemove', { lifts: names }),
        );
      }
      await deleteBank(reg, session.companyId, bank.id);
      for (const l of lifts) link.store.unregister(l.id);
      await audit(services.dir, session, ip, 'liftBank.remove', bank.id, { name: bank.name });
      return null;
    },
  };
}
