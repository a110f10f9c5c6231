import type { Person } from '@fleet/contract';
import { personTarget } from '@fleet/contract/people-names';
import type { CanFn } from '../../access/use-can';

export type RowActionKey = 'edit' | 'robots' | 'remove' | 'makeAdmin' | 'removeAdmin' | 'transfer';

export interface RowAction {
  key: RowActionKey;
  allowed: boolean;
  /** Why not (the tooltip of the disabled button). */
  reason: string;
}

/** Whether the caller manages people at all: otherwise the table has no action column and no add button. */
export function managesPeople(can: CanFn): boolean {
  return can('people.manage').allowed;
}

/**
 * The actions a row offers the caller. Those the caller may never use anywhere (appointing administrators,
 * transferring ownership) are left out; those refused for this row only are offered disabled with the reason.
 * The owner's row never offers removal: the owner leaves only by a transfer.
 */
export function rowActions(can: CanFn, meId: string, person: Person, selfRemoveReason: string): RowAction[] {
  if (!managesPeople(can)) return [];
  const target = personTarget(person);
  const decide = (key: RowActionKey, answer: { allowed: boolean; reason: string }): RowAction => ({
    key,
    allowed: answer.allowed,
    reason: answer.reason,
  });
  const actions: RowAction[] = [
    decide('edit', can('people.manage', target)),
    decide('robots', can('people.assignRobots', target)),
  ];
  if (person.role !== 'owner') {
    actions.push(
      person.id === meId
        ? { key: 'remove', allowed: false, reason: selfRemoveReason }
        : decide('remove', can('people.manage', target)),
    );
  }
  if (can('admins.manage').allowed) {
    if (person.role === 'staff') actions.push(decide('makeAdmin', can('admins.manage')));
    if (person.role === 'admin') actions.push(decide('removeAdmin', can('admins.manage')));
  }
  if (can('owner.transfer').allowed && person.id !== meId) {
    actions.push(decide('transfer', can('owner.transfer')));
  }
  return actions;
}
