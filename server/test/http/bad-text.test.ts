import { NOT_ALLOWED_CHARACTER } from '@fleet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../helper.js';

// HARDENING-TEXT: text holding NUL or a lone surrogate is refused with a 400 naming the field, never a 500: the
// cases a generic generator of bad requests found answering 500 or cutting the connection.
let t: TestApp;
let owner = '';
beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner@acme.test');
});
afterAll(() => t.close());

/** The JSON is written by hand: `\u0000` and `\ud800` go over the wire as JSON escapes, as a client sends them. */
async function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  json?: string,
  token: string | null = owner,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...(token ? { token } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
    ...(json ? { payload: json } : {}),
  });
  return { status: res.statusCode, body: res.json() as { code?: string; info: string } };
}

describe('text with NUL or a lone surrogate answers 400 naming the field', () => {
  it.each([
    [
      'login account',
      'POST',
      '/opt/v1/user/login',
      '{"account":"owner@acme.test\\u0000","password":"x"}',
      'body.account',
      null,
    ],
    ['people search keyword', 'GET', '/opt/v1/user/list?keyword=a%00b', undefined, 'query.keyword', 'owner'],
    [
      'subsidiary name (lone surrogate)',
      'POST',
      '/opt/admin/company/subsidiary',
      '{"name":"\\ud800"}',
      'body.name',
      'owner',
    ],
    [
      'subsidiary name (NUL)',
      'POST',
      '/opt/admin/company/subsidiary',
      '{"name":"a\\u0000b"}',
      'body.name',
      'owner',
    ],
    [
      'building name',
      'POST',
      '/opt/v1/building',
      '{"name":"Tower\\u0000","timeZone":"UTC"}',
      'body.name',
      'owner',
    ],
    ['role name', 'POST', '/opt/v1/role', '{"name":"\\udc00","permissions":[]}', 'body.name', 'owner'],
    [
      'people export keyword',
      'GET',
      '/opt/v1/user/export?keyword=a%00b',
      undefined,
      'query.keyword',
      'owner',
    ],
    [
      'a key of the body',
      'POST',
      '/opt/v1/role',
      '{"name":"R","permissions":[],"x\\u0000":1}',
      'body.x\u0000',
      'owner',
    ],
  ] as const)('%s', async (_, method, url, json, field, as) => {
    const res = await send(method, url, json, as ? owner : null);
    expect(res.status, res.body.info).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', info: `${field}: ${NOT_ALLOWED_CHARACTER}` });
  });

  it('a well-formed emoji (a surrogate pair sent as escapes) is text like any other', async () => {
    const res = await send('POST', '/opt/v1/role', '{"name":"Crew \\ud83d\\ude00","permissions":[]}');
    expect(res.status, res.body.info).toBe(200);
  });
});

describe('a body matching none of the accepted forms names what the closest form lacks', () => {
  it('login with e-mail and password (a natural first guess) is told the account is required', async () => {
    const res = await send(
      'POST',
      '/opt/v1/user/login',
      '{"email":"owner@acme.test","password":"demo1234"}',
      null,
    );
    expect(res.status).toBe(400);
    expect(res.body.info).toMatch(/^body\.account: required/);
    expect(res.body.info).not.toMatch(/does not match any accepted form/);
  });
});
