import type { Me } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes';
import type { AccessContext } from './access';
import { checkAccess } from './access';
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

const menuIds = (ctx: AccessContext) => visibleMenu(ROUTES, ctx).map((r) => r.id);
const EVERYONE = ['robots', 'buildings', 'analysis', 'person', 'app'];

describe('visibleMenu (spec §2)', () => {
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
  ] as const)('%s', (_, ctx, expected) => {
    expect(menuIds(ctx)).toEqual(expected);
  });

  it('gives every entry a distinct key, Robots being key 1', () => {
    const keys = ROUTES.flatMap((r) => (r.menu ? [r.menu.key] : []));
    expect(new Set(keys).size).toBe(keys.length);
    expect(ROUTES.find((r) => r.menu?.key === '1')?.path).toBe('/robots');
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
  ] as const)('%s with %j → %j', (id, ctx, expected) => {
    expect(decideRoute(route(id), ctx)).toEqual(expected);
  });
});

describe('checkAccess ssoAdmin (spec §6)', () => {
  it.each([
    [{ user: superMember, adminView: true }, 'allow'],
    [{ user: superMember, adminView: false }, 'deny'],
    [{ user: staff, adminView: true }, 'deny'],
    [{ user: superMember }, 'pending'],
    [{ adminView: true }, 'pending'],
  ] as const)('%j → %s', (ctx, expected) => {
    expect(checkAccess('ssoAdmin', ctx)).toBe(expected);
  });
});
