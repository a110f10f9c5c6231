import { describe, expect, it } from 'vitest';
import { guardRedirect, isLoginPath, layoutFor, normalisePath } from './route-rules';

describe('normalisePath', () => {
  it.each([
    ['/ROBOTS', '/robots'],
    ['/robots/', '/robots'],
    ['/', '/'],
    ['//', '/'],
    ['/miniMap/EN', '/minimap/en'],
  ])('%s → %s', (path, expected) => {
    expect(normalisePath(path)).toBe(expected);
  });
});

describe('isLoginPath', () => {
  it.each([
    ['/login', true],
    ['/LOGIN', true],
    ['/login/sso', true],
    ['/login/sso/42', true],
    ['/loginx', false],
    ['/robots', false],
  ])('%s → %s', (path, expected) => {
    expect(isLoginPath(path)).toBe(expected);
  });
});

describe('layoutFor (SHELL-LAYOUT)', () => {
  it.each([
    ['/robots', 'main'],
    ['/ROBOTS', 'main'],
    ['/audio/group', 'main'],
    ['/sso', 'main'],
    ['/login', 'bare'],
    ['/login/sso/1', 'bare'],
    ['/map/en', 'bare'],
    ['/miniMap/zh', 'bare'],
    ['/MINIMAP/zh', 'bare'],
    ['/error/401', 'bare'],
    ['/error/404', 'bare'],
  ] as const)('%s → %s', (path, expected) => {
    expect(layoutFor(path)).toBe(expected);
  });
});

describe('guardRedirect (SHELL-GUARD-NO-TOKEN, SHELL-GUARD-TOKEN)', () => {
  it.each([
    // path, token, target
    ['/robots', false, '/login'],
    ['/', false, '/login'],
    ['/error/404', false, '/login'],
    ['/no-such-page', false, '/login'],
    ['/login', false, undefined],
    ['/login/sso', false, undefined],
    ['/LOGIN/SSO/abc', false, undefined],
    ['/', true, '/robots'],
    ['/login', true, '/robots'],
    ['/Login/', true, '/robots'],
    ['/login/sso', true, undefined],
    ['/robots', true, undefined],
    ['/person', true, undefined],
  ] as const)('%s with token=%s → %s', (path, hasToken, expected) => {
    expect(guardRedirect(path, hasToken)).toBe(expected);
  });
});
