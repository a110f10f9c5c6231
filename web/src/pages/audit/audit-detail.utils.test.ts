import type { AuditEntry } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { type AuditLookups, auditDetailLines, auditTarget, type Translate } from './audit-detail.utils';

// Shows which key was asked with which values, so the test reads without the translation files.
const t: Translate = (key, params) =>
  params
    ? `${key}(${Object.entries(params)
        .map(([k, v]) => `${k}=${v}`)
        .join(',')})`
    : key;

const U1 = '11111111-1111-4111-8111-111111111111';
const U2 = '22222222-2222-4222-8222-222222222222';
const R1 = '33333333-3333-4333-8333-333333333333';

const lookups: AuditLookups = {
  people: new Map([[U1, 'Olivia Owens']]),
  roles: new Map([[R1, 'Auditors']]),
};

const entry = (
  action: AuditEntry['action'],
  detail: Record<string, unknown>,
  extra: Partial<AuditEntry> = {},
) =>
  ({
    id: '44444444-4444-4444-8444-444444444444',
    at: '2026-03-10T12:00:00.000Z',
    actor: null,
    action,
    targetType: 'user',
    targetId: U2,
    detail,
    ip: '127.0.0.1',
    ...extra,
  }) as AuditEntry;

describe('auditDetailLines', () => {
  it.each([
    [
      'person.add',
      { role: 'staff', newAccount: true },
      ['audit:detail.role(role=common:roles.staff)', 'audit:detail.newAccount'],
    ],
    [
      'person.add of an existing account',
      { role: 'admin', newAccount: false },
      ['audit:detail.role(role=common:roles.admin)', 'audit:detail.existingAccount'],
    ],
    [
      'person.edit',
      { fields: ['firstName', 'phoneNumber', 'nickname'] },
      ['audit:detail.fields(fields=audit:fields.firstName, audit:fields.phoneNumber, nickname)'],
    ],
    [
      'person.remove',
      { role: 'staff', email: 'x@acme.test' },
      ['audit:detail.role(role=common:roles.staff)', 'x@acme.test'],
    ],
    ['person.assignRobots', { robotIds: [U1, U2] }, ['audit:detail.robots(count=2)']],
    [
      'person.setAdmin',
      { from: 'staff', to: 'admin' },
      ['audit:detail.roleChange(from=common:roles.staff,to=common:roles.admin)'],
    ],
    [
      'company.transferOwner',
      { previousOwner: U1, previousRole: 'admin' },
      ['audit:detail.previousOwner(name=Olivia Owens)', 'audit:detail.newOwnerWas(role=common:roles.admin)'],
    ],
    [
      'role.create',
      { name: 'Auditors', permissions: ['audit.read'] },
      [
        'audit:detail.name(name=Auditors)',
        'audit:detail.permissions(list=roles:matrix.cell(area=common:permissions.areas.audit,level=common:permissions.levels.read))',
      ],
    ],
    [
      'role.create without permissions',
      { name: 'Empty', permissions: [] },
      ['audit:detail.name(name=Empty)', 'audit:detail.permissions(list=audit:detail.noPermissions)'],
    ],
    ['role.edit of the name only', { name: 'Night' }, ['audit:detail.renamed(name=Night)']],
    ['role.assign', { userIds: [U1, U2] }, ['audit:detail.holders(names=Olivia Owens, 22222222)']],
    ['role.assign to nobody', { userIds: [] }, ['audit:detail.holders(names=audit:detail.nobody)']],
    ['subsidiary.rename', { name: 'Acme North' }, ['audit:detail.name(name=Acme North)']],
    [
      'sso.edit',
      { issuer: 'https://id.example', emailDomains: ['acme.test'], secretChanged: true },
      [
        'audit:detail.issuer(issuer=https://id.example)',
        'audit:detail.domains(domains=acme.test)',
        'audit:detail.secretChanged',
      ],
    ],
    [
      'robot.register',
      { name: 'Rex', serialNumber: 'SN-1' },
      ['audit:detail.name(name=Rex)', 'audit:detail.serial(serial=SN-1)'],
    ],
    [
      'robot.edit',
      { fields: ['name', 'buildingId'] },
      ['audit:detail.fields(fields=audit:fields.name, audit:fields.buildingId)'],
    ],
    [
      'robot.command',
      { type: 'goTo', reference: 'o-1' },
      ['audit:detail.command(command=audit:commands.goTo)'],
    ],
    ['robot.renewCredentials', {}, ['audit:detail.credentialsRenewed']],
  ] as const)('%s', (label, detail, expected) => {
    const action = label.split(' ')[0] as AuditEntry['action'];
    expect(auditDetailLines(entry(action, detail), lookups, t)).toEqual(expected);
  });

  it('reads a detail of an unexpected shape without failing', () => {
    expect(auditDetailLines(entry('person.assignRobots', { robotIds: 'oops' }), lookups, t)).toEqual([
      'audit:detail.robots(count=0)',
    ]);
    expect(auditDetailLines(entry('person.add', {}), lookups, t)).toEqual([
      'audit:detail.role(role=)',
      'audit:detail.existingAccount',
    ]);
  });
});

describe('auditTarget', () => {
  it.each([
    ['a known member', entry('person.edit', {}, { targetId: U1 }), 'audit:target.person(name=Olivia Owens)'],
    [
      'a removed member by the e-mail kept in the detail',
      entry('person.remove', { email: 'x@acme.test' }),
      'audit:target.person(name=x@acme.test)',
    ],
    ['an unknown member', entry('person.edit', {}), 'audit:target.person(name=audit:target.formerMember)'],
    [
      'a role by its current name',
      entry('role.edit', {}, { targetType: 'role', targetId: R1 }),
      'audit:target.role(name=Auditors)',
    ],
    [
      'a deleted role by the name in the detail',
      entry('role.delete', { name: 'Gone' }, { targetType: 'role', targetId: U2 }),
      'audit:target.role(name=Gone)',
    ],
    [
      'a subsidiary',
      entry('subsidiary.create', { name: 'Acme North' }, { targetType: 'company' }),
      'audit:target.company(name=Acme North)',
    ],
    ['single sign-on', entry('sso.delete', {}, { targetType: 'ssoConfig' }), 'audit:target.sso'],
    [
      'a robot by the name kept in the detail',
      entry('robot.remove', { name: 'Rex' }, { targetType: 'robot' }),
      'audit:target.robot(name=Rex)',
    ],
  ] as const)('%s', (_, e, expected) => {
    expect(auditTarget(e, lookups, t)).toBe(expected);
  });
});
