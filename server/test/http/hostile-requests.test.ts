import { api, buildPath, type RouteDef, type RouteId, SCIM_SCHEMAS } from '@fleet/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../helper.js';
import { buildTestApp } from '../helper.js';
import { FIXTURE_LOCALES, HAPPY, type WalkContext, walkContext } from '../walk-fixture.js';
import { hostileBody, hostileContentType, hostileQuery, hostileUrlValue } from './hostile-input.js';

// HARDENING-NO-5XX: whatever a client sends, the server answers it (no cut connection) with less than 500, and
// a refusal is the envelope naming the part that was wrong (a SCIM error on the SCIM routes).
const RUNS = Number(process.env.HOSTILE_RUNS ?? 200);
const ROUTE_IDS = Object.keys(api) as RouteId[];
const keysOf = (schema: z.ZodType | undefined): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];

let t: TestApp;
let c: WalkContext;
beforeAll(async () => {
  t = await buildTestApp({ localesDir: FIXTURE_LOCALES });
  c = await walkContext(t);
});
afterAll(() => t.close());

describe('hostile requests never answer 5xx', () => {
  it.each(ROUTE_IDS)('%s', async (id) => {
    const def: RouteDef = api[id];
    const spec = await HAPPY[id](c);
    const token = spec.as === 'anonymous' ? (spec.token ?? null) : c.token[spec.as];
    const paramKeys = keysOf(def.params);
    const request = fc.record({
      params: fc.record(
        Object.fromEntries(paramKeys.map((k) => [k, fc.option(hostileUrlValue, { nil: undefined })])),
        { requiredKeys: [] },
      ),
      query: fc.option(hostileQuery(keysOf(def.query)), { nil: undefined }),
      body:
        def.method === 'GET' ? fc.constant(undefined) : fc.option(hostileBody(spec.body), { nil: undefined }),
      contentType: hostileContentType,
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const params = { ...(spec.params ?? {}) };
        const rawParams = Object.fromEntries(Object.entries(r.params).filter(([, v]) => v !== undefined));
        // Hostile path values are already percent-encoded: put them in after the valid ones are encoded.
        const marker = (k: string) => `__${k}__`;
        for (const k of Object.keys(rawParams)) params[k] = marker(k);
        let url = buildPath(def.path, params);
        for (const [k, v] of Object.entries(rawParams)) url = url.replace(marker(k), v as string);
        if (r.query !== undefined) url += `?${r.query}`;
        const res = await t.app.inject({
          method: def.method,
          url,
          headers: {
            ...(token ? { token } : {}),
            // A SCIM call's token is its bearer header: hostile input must get past it to be tried at all.
            ...(spec.headers ?? {}),
            ...(r.body !== undefined && r.contentType ? { 'content-type': r.contentType } : {}),
          },
          ...(r.body !== undefined ? { payload: r.body } : {}),
        });
        const what = `${def.method} ${url.slice(0, 200)} ${String(r.body).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        if (res.statusCode >= 400 && def.auth === 'scim') {
          const body = res.json() as { schemas: string[]; status: string; detail: string };
          expect(body, what).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: String(res.statusCode) });
          expect(body.detail.length, what).toBeGreaterThan(0);
        } else if (res.statusCode >= 400 && id === 'openToken') {
          // OAuth 2.0's token endpoint answers RFC 6749's errors, whatever refused the request (APPS-TOKEN).
          const body = res.json() as { error: string; error_description: string };
          expect(body.error, what).toMatch(
            /^(invalid_request|invalid_client|unsupported_grant_type|invalid_scope)$/,
          );
          expect(body.error_description.length, what).toBeGreaterThan(0);
        } else if (res.statusCode >= 400) {
          const body = res.json() as { success: boolean; code: string; info: string; data: null };
          expect(body, what).toMatchObject({ success: false, data: null });
          expect(body.info.length, what).toBeGreaterThan(0);
          if (res.statusCode === 400) expect(body.code, what).toBe('BAD_REQUEST');
        }
      }),
      { numRuns: RUNS },
    );
  });
});
