import { api, type RouteDef, type RouteId, SCIM_SCHEMAS } from '@fleet/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badBody, badStrings } from './bad-input.js';
import { buildTestApp, call, login, type TestApp } from './helper.js';
import { FIXTURE_LOCALES, HAPPY, type WalkCall, type WalkContext, walkContext } from './walk-fixture.js';

const ROUTE_IDS = Object.keys(api) as RouteId[];
const route = (id: RouteId): RouteDef => api[id];

async function run(c: WalkContext, id: RouteId, spec: WalkCall, as = spec.as) {
  const token =
    spec.token !== undefined && as === spec.as ? spec.token : as === 'anonymous' ? null : c.token[as];
  return call(c.t.app, id, { ...spec, token });
}

describe('the contract, walked route by route', () => {
  let t: TestApp;
  let c: WalkContext;
  beforeAll(async () => {
    t = await buildTestApp({ localesDir: FIXTURE_LOCALES });
    c = await walkContext(t);
  });
  afterAll(() => t.close());

  it('has a happy call for every route', () => {
    expect(Object.keys(HAPPY).sort()).toEqual([...ROUTE_IDS].sort());
  });

  it.each(ROUTE_IDS)('%s answers its happy call', async (id) => {
    const spec = await HAPPY[id](c);
    const res = await run(c, id, spec);
    expect(res.status, `${id}: ${JSON.stringify(res.body)}`).toBe(spec.status);
    if (!route(id).raw) expect(res.body.success).toBe(spec.status === 200);
  });

  it.each(ROUTE_IDS.filter((id) => api[id].auth !== 'public'))(
    '%s without a token answers 401',
    async (id) => {
      const spec = await HAPPY[id](c);
      const res = await call(t.app, id, { ...spec, token: null, headers: {} });
      expect(res.status).toBe(401);
      // A provisioning client is answered in SCIM's terms, everyone else in the envelope.
      expect(res.body).toMatchObject(
        api[id].auth === 'scim'
          ? { schemas: [SCIM_SCHEMAS.error], status: '401' }
          : { success: false, code: 'UNAUTHORIZED', data: null },
      );
    },
  );

  it.each(ROUTE_IDS.filter((id) => api[id].auth === 'superAdmin'))(
    '%s refuses a company owner with 403',
    async (id) => {
      const spec = await HAPPY[id](c);
      const res = await call(t.app, id, { ...spec, token: c.token.owner });
      expect(res.status).toBe(403);
    },
  );
});

describe('bad input never answers 5xx', () => {
  let t: TestApp;
  let c: WalkContext;
  beforeAll(async () => {
    t = await buildTestApp({ localesDir: FIXTURE_LOCALES });
    c = await walkContext(t);
  });
  afterAll(() => t.close());

  const withInput = ROUTE_IDS.filter((id) => route(id).body || route(id).query || route(id).params);

  it.each(withInput)('%s with generated bad input', async (id) => {
    const def = route(id);
    const spec = await HAPPY[id](c);
    const token = spec.as === 'anonymous' ? (spec.token ?? null) : c.token[spec.as];
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          body: def.body ? badBody(def.body, spec.body) : fc.constant(undefined),
          query: def.query ? badStrings(def.query) : fc.constant(undefined),
          params: def.params ? badStrings(def.params, spec.params) : fc.constant(undefined),
        }),
        async (bad) => {
          const res = await call(t.app, id, {
            token,
            // A SCIM call's token is its bearer header: bad input must get past it to be tried at all.
            ...(spec.headers ? { headers: spec.headers } : {}),
            ...(bad.body !== undefined ? { body: bad.body } : {}),
            ...(bad.query ? { query: bad.query } : {}),
            params: bad.params ?? spec.params ?? {},
          });
          expect(
            res.status,
            `${id} ${JSON.stringify(bad).slice(0, 300)} → ${JSON.stringify(res.body)}`,
          ).toBeLessThan(500);
          if (res.status === 400 && !def.raw) {
            expect(res.body.code).toBe('BAD_REQUEST');
            expect(res.body.info).toMatch(/^(body|query|params)(\.|:)/);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('another company’s objects are not found', () => {
  let t: TestApp;
  let c: WalkContext;
  beforeAll(async () => {
    t = await buildTestApp({ localesDir: FIXTURE_LOCALES });
    c = await walkContext(t);
  });
  afterAll(() => t.close());

  it.each(ROUTE_IDS.filter((id) => api[id].auth === 'user'))(
    '%s called by Solo Café’s owner with Acme’s ids reveals nothing of Acme',
    async (id) => {
      const spec = await HAPPY[id](c);
      // A session of its own per route: the walk includes logout.
      const res = await call(t.app, id, { ...spec, token: await login(t.app, 'solo@solo.test') });
      expect(res.status).toBeLessThan(500);
      const answer = JSON.stringify(res.body);
      for (const secret of c.acmeSecrets) expect(answer, `${id} leaked ${secret}`).not.toContain(secret);
      const namesAcmeObject =
        JSON.stringify({ p: spec.params, q: spec.query, b: spec.body }).includes(c.acme) ||
        c.acmeSecrets.some((s) =>
          JSON.stringify({ p: spec.params, q: spec.query, b: spec.body }).includes(s),
        );
      if (namesAcmeObject) expect([403, 404]).toContain(res.status);
    },
  );
});
