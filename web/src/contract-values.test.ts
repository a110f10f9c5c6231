import { api, ERROR_STATUS, LANGUAGES, LIVE_CLOSE, PHONE_PREFIXES, ROBOT_STATUSES } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from './api/api-routes';
import * as values from './contract-values';

// contract-values-plugin.ts copies these out of the contract at build time: they must stay the contract's.
describe('the contract values the first page gets without zod', () => {
  it('are the contract constants', () => {
    expect(values.LANGUAGES).toEqual(LANGUAGES);
    expect(values.PHONE_PREFIXES).toEqual(PHONE_PREFIXES);
    expect(values.ERROR_STATUS).toEqual(ERROR_STATUS);
    expect(values.ROBOT_STATUSES).toEqual(ROBOT_STATUSES);
    expect(values.LIVE_CLOSE).toEqual(LIVE_CLOSE);
  });

  it('name every contract route with its method, path and answer kind', () => {
    expect(Object.keys(apiRoutes).sort()).toEqual(Object.keys(api).sort());
    for (const [key, route] of Object.entries(api)) {
      const ref = apiRoutes[key as keyof typeof api];
      expect(ref, key).toEqual({
        id: route.id,
        method: route.method,
        path: route.path,
        ...('raw' in route && route.raw ? { raw: true } : {}),
        ...('download' in route && route.download ? { download: true } : {}),
      });
    }
  });
});
