import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes';

// The same path objects the router is built from, without the lazy screens.
const routeObjects = ROUTES.map((r) => ({ id: r.id, path: r.path }));
const matched = (path: string) => matchRoutes(routeObjects, path)?.at(-1)?.route.id;

describe('route manifest (SHELL-ROUTES, SHELL-LAYOUT)', () => {
  it.each([
    ['/login', 'login'],
    ['/login/sso', 'loginSso'],
    ['/login/sso/3f1c', 'loginSsoProvider'],
    ['/robots', 'robots'],
    ['/buildings', 'buildings'],
    ['/analysis', 'analysis'],
    ['/analysis/config', 'analysisConfig'],
    ['/person', 'person'],
    ['/app', 'app'],
    ['/device', 'device'],
    ['/elevator', 'elevator'],
    ['/elevator/config', 'elevatorConfig'],
    ['/audio/group', 'audioGroup'],
    ['/audio/detail', 'audioDetail'],
    ['/subsidiaries', 'subsidiaries'],
    ['/role', 'role'],
    ['/sso', 'sso'],
    ['/error/401', 'error401'],
    ['/error/404', 'error404'],
    ['/map/en', 'mapEn'],
    ['/map/zh', 'mapZh'],
    ['/miniMap/en', 'miniMapEn'],
    ['/miniMap/zh', 'miniMapZh'],
  ])('%s is the %s screen', (path, id) => {
    expect(matched(path)).toBe(id);
  });

  it.each([
    ['/ROBOTS', 'robots'],
    ['/Audio/Group', 'audioGroup'],
    ['/MINIMAP/ZH', 'miniMapZh'],
    ['/LOGIN/SSO', 'loginSso'],
  ])('matches %s case-insensitively', (path, id) => {
    expect(matched(path)).toBe(id);
  });

  it.each(['/nope', '/map/fr', '/robots/extra', '/audio'])(
    'knows nothing at %s (the 404 screen shows)',
    (path) => {
      expect(matched(path)).toBeUndefined();
    },
  );

  it('takes the map language from the path', () => {
    expect(ROUTES.filter((r) => r.lng).map((r) => `${r.path}:${r.lng}`)).toEqual([
      '/map/en:en',
      '/map/zh:zh',
      '/miniMap/en:en',
      '/miniMap/zh:zh',
    ]);
  });

  it('puts login, map, miniMap and error screens outside the main layout, and nothing else', () => {
    const bare = ROUTES.filter((r) => r.layout === 'bare').map((r) => r.id);
    expect(bare).toEqual([
      'login',
      'loginSso',
      'loginSsoProvider',
      'error401',
      'error404',
      'mapEn',
      'mapZh',
      'miniMapEn',
      'miniMapZh',
    ]);
  });
});
