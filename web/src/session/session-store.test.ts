import type { Me } from '@fleet/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { restoreStoredShapes } from './restore-stored-shapes';
import { createSessionStore, sessionStore, signedInUser } from './session-store';
import { readSession, readStoredShapes } from './stored-shapes';

const user: Me = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Ada',
  lastName: 'Owner',
  email: 'owner@acme.test',
  phonePrefix: '+1',
  phoneNumber: '5550100',
  companyId: '00000000-0000-4000-8000-0000000000c1',
  companyName: 'Acme',
  role: 'owner',
  isOwner: true,
  isAdmin: true,
  isSuperAdmin: false,
  isSuperCompanyMember: false,
  enableAudio: true,
};

beforeEach(() => localStorage.clear());

describe('defaults (AUTH-SESSION-DEFAULTS)', () => {
  it('starts logged out, metric undecided, menu on key 1, language en', () => {
    const s = readSession(localStorage);
    expect(s.token).toBeNull();
    expect(s.loginInfo).toEqual({ loggedIn: false, superAdmin: false });
    expect(s.userInfo).toEqual({ isSuperAdmin: false });
    expect(s.ssoInfo).toEqual({});
    expect(s.userUnits).toBeNull();
    expect(s.selectedMenu).toEqual(['1']);
    expect(s.openKeys).toEqual(['1']);
    expect(s.language).toBe('en');
  });

  it('does not write defaults to local storage', () => {
    createSessionStore(localStorage);
    expect(localStorage.length).toBe(0);
  });
});

describe('set writes each key to local storage at once', () => {
  it.each([
    ['token', 'tok', 'token', 'tok'],
    ['language', 'zh', 'i18nextLng', 'zh'],
    ['userUnits', 'imperial', 'userUnits', 'imperial'],
    ['selectedMenu', ['3'], 'selectedMenu', '["3"]'],
    ['openKeys', ['1'], 'openkeys', '["1"]'],
    ['selectedMenuRoute', '/device', 'selectedMenuRoute', '/device'],
    ['loginInfo', { loggedIn: true, superAdmin: true }, 'loginInfo', '{"loggedIn":true,"superAdmin":true}'],
    ['ssoInfo', {}, 'ssoInfo', '{}'],
  ] as const)('%s → localStorage.%s', (key, value, storageKey, stored) => {
    const store = createSessionStore(localStorage);
    store.getState().set(key, value);
    expect(localStorage.getItem(storageKey)).toBe(stored);
    expect(store.getState()[key]).toEqual(value);
  });

  it('round-trips the user and the region through a reload', () => {
    const store = createSessionStore(localStorage);
    store.getState().set('userInfo', user);
    store.getState().set('regionInfo', { label: 'United States', region: 'US', host: 'https://us.example' });
    const reloaded = createSessionStore(localStorage, readStoredShapes(localStorage)).getState();
    expect(reloaded.userInfo).toEqual(user);
    expect(reloaded.regionInfo?.region).toBe('US');
  });

  it('removes the key when set to null', () => {
    const store = createSessionStore(localStorage);
    store.getState().set('token', 'tok');
    store.getState().set('token', null);
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('readSession tolerates bad stored values', () => {
  it.each([
    ['userInfo', '{"id":42}', 'userInfo', { isSuperAdmin: false }],
    ['regionInfo', 'garbage', 'regionInfo', null],
    ['userUnits', 'furlongs', 'userUnits', null],
    ['i18nextLng', 'zh-CN', 'language', 'zh'],
    ['i18nextLng', 'fr', 'language', 'en'],
    ['openkeys', '"1"', 'openKeys', ['1']],
  ] as const)('%s=%s reads as %s=%j', (storageKey, raw, key, expected) => {
    localStorage.setItem(storageKey, raw);
    expect(readSession(localStorage)[key]).toEqual(expected);
  });
});

describe('restoreStoredShapes', () => {
  it('fills the browser store with the checked user and region, and leaves a bad one out', async () => {
    localStorage.setItem('userInfo', JSON.stringify(user));
    localStorage.setItem('regionInfo', 'garbage');
    await restoreStoredShapes(localStorage);
    expect(sessionStore.getState().userInfo).toEqual(user);
    expect(sessionStore.getState().regionInfo).toBeNull();
    sessionStore.getState().reset();
  });
});

describe('signedInUser', () => {
  it('tells a full user from the default', () => {
    expect(signedInUser(user)).toBe(user);
    expect(signedInUser({ isSuperAdmin: false })).toBeUndefined();
  });
});
