import type { LiftPolicy, LiftVendor } from '@fleet/contract';
import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import { AppError, conflict } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { buildingOf } from '../buildings/repo.js';
import { assertServedHere } from '../regions/region-of.js';
import { robotOf } from '../robots/repo.js';
import { fieldChanges } from './config-changes.js';
import { toBankDto } from './dtos.js';
import { policyProblems } from './lift-policy.js';
import { identityOfLift } from './link/lift-link.js';
import {
  bankOf,
  banksOf,
  deleteBank,
  gatewayOf,
  insertBank,
  insertChange,
  liftsOfBanks,
  updateBank,
  updateLift,
} from './repo.js';

type BankRouteId = 'listLiftBanks' | 'createLiftBank' | 'editLiftBank' | 'removeLiftBank';

/** One 400 naming every problem found, each under its body path. */
export function refuse(problems: Array<{ path: string; message: string }>): never {
  throw new AppError('BAD_REQUEST', problems.map((p) => `body.${p.path}: ${p.message}`).join('; '));
}

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
        problems.push({ path: `policy.allowedRobotIds.${i}`, message: 'not one of the company’s robots' });
      }
    }
    if (problems.length > 0) refuse(problems);
  };

  const actorName = (s: Session) => `${s.profile.firstName} ${s.profile.lastName}`.trim() || s.profile.email;

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
      const row = await insertBank(reg, {
        companyId: session.companyId,
        buildingId: body.buildingId,
        name: body.name,
        vendor: body.vendor,
        gatewayId: body.gatewayId,
        adapter: body.adapter,
        adapterCredential: body.adapterCredential ? cipher.encrypt(body.adapterCredential) : null,
        policy: body.policy,
      });
      await insertChange(reg, {
        companyId: session.companyId,
        bankId: row.id,
        version: 1,
        actorId: session.userId,
        actorName: actorName(session),
        changes: [{ field: 'created', from: null, to: body.name }],
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
      const lifts = await liftsOfBanks(reg, session.companyId, [before.id]);
      await reg
        .transaction(async (tx) => {
          await updateBank(tx, session.companyId, before.id, {
            ...Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)),
            version: before.version + 1,
            updatedAt: new Date(),
          });
          // Another gateway reports the bank's lifts now: each needs a test call again before robots ride it.
          if (gatewayMoved)
            for (const l of lifts)
              await updateLift(tx, session.companyId, l.id, {
                gatewayId: body.gatewayId,
                enabledForRobots: false,
                changedAt: new Date(),
                version: l.version + 1,
              });
          await insertChange(tx, {
            companyId: session.companyId,
            bankId: before.id,
            version: before.version + 1,
            actorId: session.userId,
            actorName: actorName(session),
            changes,
          });
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err))
            throw conflict(
              'the new gateway already reports a lift under the name one of this bank’s lifts uses',
            );
          throw err;
        });
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
      if (busy.length > 0)
        throw conflict(
          `a robot is riding ${busy.map((l) => l.name).join(', ')}: wait for the ride to end or release it`,
        );
      await deleteBank(reg, session.companyId, bank.id);
      for (const l of lifts) link.store.unregister(l.id);
      await audit(services.dir, session, ip, 'liftBank.remove', bank.id, { name: bank.name });
      return null;
    },
  };
}
