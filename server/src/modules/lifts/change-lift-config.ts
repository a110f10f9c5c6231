import { actorDisplayName, type LiftRule } from '@fleet/contract';
import type { Session } from '../../auth/sessions.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import { conflict } from '../../errors.js';
import type { FieldChange } from './config-changes.js';
import { liftRule } from './lift-rules.js';
import {
  type BankRow,
  deleteLift,
  insertBank,
  insertChange,
  insertLift,
  type LiftRow,
  updateBank,
  updateLift,
} from './repo.js';

/**
 * Every change of a bank or one of its lifts is a new version of the bank's configuration, written in the same
 * transaction as the change itself: the history never names a version that did not happen, nor misses one.
 */
async function recordVersion(
  db: Db,
  session: Session,
  bank: Pick<BankRow, 'id' | 'version'>,
  liftId: string | null,
  changes: FieldChange[],
): Promise<void> {
  await updateBank(db, session.companyId, bank.id, { version: bank.version + 1, updatedAt: new Date() });
  await insertChange(db, {
    companyId: session.companyId,
    bankId: bank.id,
    liftId,
    version: bank.version + 1,
    actorId: session.userId,
    actorName: actorDisplayName(session.profile),
    changes,
  });
}

const nameTakenBy =
  (what: string, rule: LiftRule) =>
  (err: unknown): never => {
    if (isUniqueViolation(err)) throw conflict(what, liftRule(rule));
    throw err;
  };

type NewBank = Omit<Parameters<typeof insertBank>[1], 'companyId' | 'version'>;

export async function createBank(reg: Db, session: Session, values: NewBank): Promise<BankRow> {
  return reg.transaction(async (tx) => {
    const row = await insertBank(tx, { ...values, companyId: session.companyId });
    await insertChange(tx, {
      companyId: session.companyId,
      bankId: row.id,
      version: row.version,
      actorId: session.userId,
      actorName: actorDisplayName(session.profile),
      changes: [{ field: 'created', from: null, to: values.name }],
    });
    return row;
  });
}

/**
 * A bank's edit. When it moves to another gateway, that gateway reports the bank's lifts now: each needs a test
 * call again before robots ride it, so each leaves robot service in the same transaction.
 */
export async function editBank(
  reg: Db,
  session: Session,
  before: BankRow,
  next: Partial<Parameters<typeof updateBank>[3]>,
  changes: FieldChange[],
  moved: { gatewayId: string; lifts: LiftRow[] } | null,
): Promise<void> {
  await reg
    .transaction(async (tx) => {
      await updateBank(tx, session.companyId, before.id, { ...next, updatedAt: new Date() });
      if (moved)
        for (const l of moved.lifts)
          await updateLift(tx, session.companyId, l.id, {
            gatewayId: moved.gatewayId,
            enabledForRobots: false,
            changedAt: new Date(),
            version: l.version + 1,
          });
      await recordVersion(tx, session, before, null, changes);
    })
    .catch(
      nameTakenBy(
        'the new gateway already reports a lift under the name one of this bank’s lifts uses',
        'gatewayLiftNameTaken',
      ),
    );
}

const LIFT_NAME_TAKEN = 'the bank’s gateway already reports a lift under this gateway lift name';

type NewLift = Omit<Parameters<typeof insertLift>[1], 'companyId' | 'bankId' | 'gatewayId'>;

export async function createLift(
  reg: Db,
  session: Session,
  bank: BankRow,
  values: NewLift,
): Promise<LiftRow> {
  return reg
    .transaction(async (tx) => {
      const row = await insertLift(tx, {
        ...values,
        companyId: session.companyId,
        bankId: bank.id,
        gatewayId: bank.gatewayId,
      });
      await recordVersion(tx, session, bank, row.id, [{ field: 'created', from: null, to: values.name }]);
      return row;
    })
    .catch(nameTakenBy(LIFT_NAME_TAKEN, 'liftNameTaken'));
}

/** A lift's edit; `retest` takes it out of robot service until a new test call passes. */
export async function editLift(
  reg: Db,
  session: Session,
  bank: BankRow,
  before: LiftRow,
  next: Partial<Parameters<typeof updateLift>[3]>,
  changes: FieldChange[],
  retest: boolean,
): Promise<void> {
  await reg
    .transaction(async (tx) => {
      await updateLift(tx, session.companyId, before.id, {
        ...next,
        ...(retest ? { enabledForRobots: false, changedAt: new Date() } : {}),
        version: before.version + 1,
      });
      await recordVersion(tx, session, bank, before.id, changes);
    })
    .catch(nameTakenBy(LIFT_NAME_TAKEN, 'liftNameTaken'));
}

export async function removeLift(reg: Db, session: Session, bank: BankRow, lift: LiftRow): Promise<void> {
  await reg.transaction(async (tx) => {
    await deleteLift(tx, session.companyId, lift.id);
    await recordVersion(tx, session, bank, lift.id, [{ field: 'removed', from: lift.name, to: null }]);
  });
}

export async function setLiftEnabled(
  reg: Db,
  session: Session,
  bank: BankRow,
  lift: LiftRow,
  enabled: boolean,
): Promise<void> {
  await reg.transaction(async (tx) => {
    await updateLift(tx, session.companyId, lift.id, {
      enabledForRobots: enabled,
      version: lift.version + 1,
    });
    await recordVersion(tx, session, bank, lift.id, [
      { field: 'enabledForRobots', from: lift.enabledForRobots, to: enabled },
    ]);
  });
}
