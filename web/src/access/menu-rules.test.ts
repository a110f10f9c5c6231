import { type Actor, can, type Me } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes';
import { type AccessContext, heldByEveryRole, type PermissionCheck } from './access';
import { decideRoute, visibleMenu } from './menu-rules';

const base: Me = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'A',
  lastName: 'B',
  email: 'a@b.test',
  phonePrefix: null,
  phoneNumber: null,
  companyId: '00000000-0000-4000-8000-0000000000c1',
  companyName: 'Acme',
  role: 'staff',
  isOwner: false,
  isAdmin: false,
  isSuperAdmin: false,
  isSuperCompanyMember: false,
  enableAudio: false,
};
const staff = base;
const withAudio = { ...base, enableAudio: true };
const superMember = { ...base, isSuperCompanyMember: true, isSuperAdmin: true };

const rightsOf =
  (actor: Actor): PermissionCheck =>
  (action) => ({ allowed: can(actor, action).allowed, pending: false });
const loading: PermissionCheck = () => ({ allowed: false, pending: true });
// The actor carries the person's enableAudio as useCan builds it; a person without audio is kept out of the
// audio screens by the menu's own rule first, so these rights are those of someone with audio enabled.
const staffRights = rightsOf({ id: base.id, role: 'staff', isSuperAdmin: false, enableAudio: true });
const superRights = rightsOf({ id: base.id, role: 'owner', isSuperAdmin: true, enableAudio: true });
/** Rights a future role might lack: everything but the companies area (subsidiaries). */
const noSubsidiaries: PermissionCheck = (action) => ({
  allowed: !action.startsWith('companies.'),
  pending: false,
});

const menuIds = (ctx: AccessContext) => visibleMenu(ROUTES, ctx).map((r) => r.id);
const EVERYONE = ['robots', 'buildings', 'analysis', 'person', 'app'];

describe('visibleMenu (SHELL-MENU-ORDER, SHELL-MENU-MEMORY)', () => {
  it.each([
    ['plain staff, nothing else', { user: staff, miniDeviceTotal: 0, subsidiaryTotal: 0 }, EVERYONE],
    [
      'a company with a mini device gets Devices third',
      { user: staff, miniDeviceTotal: 1, subsidiaryTotal: 0 },
      ['robots', 'buildings', 'device', 'analysis', 'person', 'app'],
    ],
    [
      'audio enabled',
      { user: withAudio, miniDeviceTotal: 0, subsidiaryTotal: 0 },
      [...EVERYONE, 'audioGroup'],
    ],
    [
      'super-company member',
      { user: superMember, miniDeviceTotal: 0, subsidiaryTotal: 0 },
      [...EVERYONE, 'elevator'],
    ],
    [
      'subsidiaries above 0',
      { user: staff, miniDeviceTotal: 0, subsidiaryTotal: 3 },
      [...EVERYONE, 'subsidiaries'],
    ],
    [
      'everything',
      { user: { ...superMember, enableAudio: true }, miniDeviceTotal: 2, subsidiaryTotal: 1 },
      [
        'robots',
        'buildings',
        'device',
        'analysis',
        'person',
        'app',
        'elevator',
        'audioGroup',
        'subsidiaries',
      ],
    ],
    ['before anything answered', {}, EVERYONE],
    [
      'while the rights load',
      { user: staff, subsidiaryTotal: 3, can: loading },
      [...EVERYONE, 'subsidiaries'],
    ],
    ['staff rights', { user: staff, subsidiaryTotal: 3, can: staffRights }, [...EVERYONE, 'subsidiaries']],
    ['rights without the subsidiaries', { user: staff, subsidiaryTotal: 3, can: noSubsidiaries }, EVERYONE],
  ] as const)('%s', (_, ctx, expected) => {
    expect(menuIds(ctx)).toEqual(expected);
  });

  it('gives every entry a distinct key, Robots being key 1', () => {
    const keys = ROUTES.flatMap((r) => (r.menu ? [r.menu.key] : []));
    expect(new Set(keys).size).toBe(keys.length);
    expect(ROUTES.find((r) => r.menu?.key === '1')?.path).toBe('/robots');
  });

  it('Robots, Buildings, Analysis, Personnel and App are shown to everyone: their rights belong to every role', () => {
    const everyone = ROUTES.filter((r) => EVERYONE.includes(r.id));
    expect(everyone.map((r) => r.id)).toEqual(EVERYONE);
    for (const entry of everyone) {
      expect(entry.access, entry.id).toBe('signedIn');
      if (entry.permission) expect(heldByEveryRole(entry.permission), entry.id).toBe(true);
    }
  });

  it('Devices, Elevator, Audio and Subsidiaries depend on data, not on the built-in role', () => {
    for (const id of ['device', 'elevator', 'audioGroup', 'subsidiaries']) {
      const entry = ROUTES.find((r) => r.id === id);
      if (entry?.permission) expect(heldByEveryRole(entry.permission), id).toBe(true);
    }
  });
});

describe('decideRoute', () => {
  const route = (id: string) => {
    const found = ROUTES.find((r) => r.id === id);
    if (!found) throw new Error(id);
    return found;
  };

  it.each([
    ['subsidiaries', { user: staff, subsidiaryTotal: 0 }, { kind: 'redirect', to: '/robots' }],
    ['subsidiaries', { user: staff, subsidiaryTotal: 2 }, { kind: 'allow' }],
    ['subsidiaries', { user: staff }, { kind: 'pending' }],
    ['device', { user: staff, miniDeviceTotal: 0 }, { kind: 'redirect', to: '/robots' }],
    ['device', { user: staff, miniDeviceTotal: 5 }, { kind: 'allow' }],
    ['elevator', { user: staff }, { kind: 'redirect', to: '/error/401' }],
    ['elevatorConfig', { user: superMember }, { kind: 'allow' }],
    ['audioDetail', { user: staff }, { kind: 'redirect', to: '/error/401' }],
    ['audioGroup', { user: withAudio }, { kind: 'allow' }],
    ['robots', {}, { kind: 'allow' }],
    ['robots', { can: loading }, { kind: 'allow' }],
    ['role', { user: staff, can: staffRights }, { kind: 'allow' }],
    ['subsidiaries', { user: staff, subsidiaryTotal: 2, can: loading }, { kind: 'allow' }],
    [
      'subsidiaries',
      { user: staff, subsidiaryTotal: 2, can: noSubsidiaries },
      { kind: 'redirect', to: '/error/401' },
    ],
    // A refused right is the 401 page even where the data condition alone would send the user to /robots.
    [
      'subsidiaries',
      { user: staff, subsidiaryTotal: 0, can: noSubsidiaries },
      { kind: 'redirect', to: '/error/401' },
    ],
    ['sso', { user: staff, adminView: true, can: staffRights }, { kind: 'redirect', to: '/error/401' }],
    ['sso', { user: superMember, adminView: true, can: superRights }, { kind: 'allow' }],
    [
      'sso',
      { user: superMember, adminView: false, can: superRights },
      { kind: 'redirect', to: '/error/401' },
    ],
    ['sso', { user: superMember, adminView: true, can: loading }, { kind: 'pending' }],
    ['sso', { user: superMember, can: superRights }, { kind: 'pending' }],
    ['sso', { user: superMember, adminView: false, can: loading }, { kind: 'redirect', to: '/error/401' }],
  ] as const)('%s with %j → %j', (id, ctx, expected) => {
    expect(decideRoute(route(id), ctx)).toEqual(expected);
  });
});
