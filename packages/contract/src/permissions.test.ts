import { describe, expect, it } from 'vitest';
import { type Action, allowedActions, can, PERMISSIONS, type Permission, type Role } from './permissions.js';

const actor = (role: Role, extra: { isSuperAdmin?: boolean; granted?: Permission[] } = {}) => ({
  id: 'me',
  role,
  isSuperAdmin: extra.isSuperAdmin ?? false,
  granted: extra.granted ?? [],
});
const person = (role: Role, id = 'other') => ({ kind: 'person' as const, id, role });

describe('can: built-in roles', () => {
  it.each<[Role, Action, boolean]>([
    ['staff', 'people.read', true],
    ['staff', 'people.manage', false],
    ['staff', 'robots.read', true],
    ['staff', 'robots.operate', false],
    ['staff', 'audit.read', false],
    ['staff', 'devices.manage', false],
    ['admin', 'people.manage', true],
    ['admin', 'robots.operate', true],
    ['admin', 'audit.read', true],
    ['admin', 'roles.manage', false],
    ['admin', 'admins.manage', false],
    ['admin', 'owner.transfer', false],
    ['owner', 'roles.manage', true],
    ['owner', 'admins.manage', true],
    ['owner', 'owner.transfer', true],
    ['owner', 'sso.manage', false],
    ['owner', 'apps.manage', true],
    ['admin', 'apps.manage', true],
    ['staff', 'apps.manage', false],
  ])('%s may %s: %s', (role, action, expected) => {
    expect(can(actor(role), action).allowed).toBe(expected);
  });

  it('an administrator manages staff and themself, but not the owner or another administrator', () => {
    expect(can(actor('admin'), 'people.manage', person('staff')).allowed).toBe(true);
    expect(can(actor('admin'), 'people.manage', person('admin', 'me')).allowed).toBe(true);
    expect(can(actor('admin'), 'people.manage', person('owner')).allowed).toBe(false);
    expect(can(actor('admin'), 'people.manage', person('admin')).allowed).toBe(false);
    expect(can(actor('admin'), 'people.assignRobots', person('admin')).allowed).toBe(false);
  });

  it('staff operate the robots assigned to them, and only those', () => {
    expect(can(actor('staff'), 'robots.operate', { kind: 'robot', assignedUserIds: ['me'] }).allowed).toBe(
      true,
    );
    expect(can(actor('staff'), 'robots.operate', { kind: 'robot', assignedUserIds: ['x'] }).allowed).toBe(
      false,
    );
  });

  it('a super admin may do everything, single sign-on included (audio once it is enabled for them)', () => {
    const superAdmin = { ...actor('staff', { isSuperAdmin: true }), enableAudio: true };
    for (const p of PERMISSIONS) expect(can(superAdmin, p).allowed).toBe(true);
    expect(can(actor('staff', { isSuperAdmin: true }), 'sso.manage').allowed).toBe(true);
  });
});

describe('can: custom roles', () => {
  it('never grant API applications: a staff member with every permission still may not manage them', () => {
    expect(can(actor('staff', { granted: [...PERMISSIONS] }), 'apps.manage').allowed).toBe(false);
  });

  it('add their permissions to the built-in role', () => {
    const operator = actor('staff', { granted: ['robots.operate', 'audit.read'] });
    expect(can(operator, 'robots.operate', { kind: 'robot', assignedUserIds: [] }).allowed).toBe(true);
    expect(can(operator, 'audit.read').allowed).toBe(true);
    expect(can(operator, 'people.manage').allowed).toBe(false);
  });

  it('cannot grant what belongs to the owner', () => {
    const granted = [...PERMISSIONS];
    const loaded = actor('staff', { granted });
    expect(can(loaded, 'roles.manage').allowed).toBe(false);
    expect(can(loaded, 'admins.manage').allowed).toBe(false);
    expect(can(loaded, 'owner.transfer').allowed).toBe(false);
    expect(can(loaded, 'people.manage', person('admin')).allowed).toBe(false);
  });

  it('gives a reason when it refuses', () => {
    expect(can(actor('staff'), 'owner.transfer').reason).toMatch(/owner/);
    expect(can(actor('staff'), 'devices.manage').reason).toMatch(/devices\.manage/);
  });
});

describe('allowedActions', () => {
  it('lists what the console may offer', () => {
    expect(allowedActions(actor('staff'))).toContain('robots.read');
    expect(allowedActions(actor('staff'))).not.toContain('people.manage');
    expect(allowedActions(actor('owner'))).toContain('roles.manage');
  });
});

describe('AUDIO-ACCESS: audio needs enableAudio as well as the audio permission', () => {
  it('an owner without audio enabled may not even read audio; with it, may manage and operate', () => {
    expect(can(actor('owner'), 'audio.read').allowed).toBe(false);
    const withAudio = { ...actor('owner'), enableAudio: true };
    expect(can(withAudio, 'audio.read').allowed).toBe(true);
    expect(can(withAudio, 'audio.manage').allowed).toBe(true);
    expect(can(withAudio, 'audio.operate').allowed).toBe(true);
  });

  it('staff with audio enabled reads but neither manages nor operates; a super admin needs it too', () => {
    const staff = { ...actor('staff'), enableAudio: true };
    expect(can(staff, 'audio.read').allowed).toBe(true);
    expect(can(staff, 'audio.manage').allowed).toBe(false);
    expect(can(actor('admin', { isSuperAdmin: true }), 'audio.read').allowed).toBe(false);
    expect(
      can({ ...actor('staff', { granted: ['audio.operate'] }), enableAudio: true }, 'audio.operate').allowed,
    ).toBe(true);
  });

  it('enableAudio grants nothing outside audio', () => {
    expect(can({ ...actor('staff'), enableAudio: true }, 'people.manage').allowed).toBe(false);
  });
});
