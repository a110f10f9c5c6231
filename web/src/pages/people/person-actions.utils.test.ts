import type { Actor, Person, Role } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { explain } from '../../access/can-explain';
import type { CanFn } from '../../access/use-can';
import { rowActions } from './person-actions.utils';

function canOf(actor: Actor): CanFn {
  return (action, target) => {
    const answer = explain(actor, action, target);
    return { allowed: answer.allowed, reason: answer.allowed ? '' : answer.reasonKey, pending: false };
  };
}

const person = (id: string, role: Role): Person => ({
  id,
  firstName: id,
  lastName: '',
  email: `${id}@acme.test`,
  phonePrefix: null,
  phoneNumber: null,
  role,
  enableAudio: false,
  robotIds: [],
  customRoleIds: [],
  lastSignInAt: null,
  joinedAt: '2026-01-01T00:00:00.000Z',
});

const owner = canOf({ id: 'owner', role: 'owner', isSuperAdmin: false });
const admin = canOf({ id: 'admin', role: 'admin', isSuperAdmin: false });
const staff = canOf({ id: 'staff', role: 'staff', isSuperAdmin: false });

const summary = (can: CanFn, me: string, p: Person) =>
  rowActions(can, me, p, 'self').map((a) => (a.allowed ? a.key : `${a.key}:${a.reason}`));

describe('rowActions', () => {
  it.each([
    ['staff see no actions at all', staff, 'staff', person('x', 'staff'), []],
    [
      'the owner on a staff row: everything, including appointing and transfer',
      owner,
      'owner',
      person('x', 'staff'),
      ['edit', 'robots', 'remove', 'makeAdmin', 'transfer'],
    ],
    [
      'the owner on an admin row',
      owner,
      'owner',
      person('a', 'admin'),
      ['edit', 'robots', 'remove', 'removeAdmin', 'transfer'],
    ],
    [
      'the owner on their own row: no removal, no transfer',
      owner,
      'owner',
      person('owner', 'owner'),
      ['edit', 'robots'],
    ],
    ['an admin on a staff row', admin, 'admin', person('x', 'staff'), ['edit', 'robots', 'remove']],
    [
      'an admin cannot touch the owner, and the owner row has no removal',
      admin,
      'admin',
      person('owner', 'owner'),
      ['edit:access.denied.ownerOrAdmin', 'robots:access.denied.ownerOrAdmin'],
    ],
    [
      'an admin cannot touch another admin',
      admin,
      'admin',
      person('b', 'admin'),
      [
        'edit:access.denied.ownerOrAdmin',
        'robots:access.denied.ownerOrAdmin',
        'remove:access.denied.ownerOrAdmin',
      ],
    ],
    [
      'an admin on their own row cannot remove themselves',
      admin,
      'admin',
      person('admin', 'admin'),
      ['edit', 'robots', 'remove:self'],
    ],
  ] as const)('%s', (_, can, me, p, expected) => {
    expect(summary(can, me, p)).toEqual(expected);
  });
});
