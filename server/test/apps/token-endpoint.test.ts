import { API_SCOPES, APP_TOKEN_TTL_S } from '@fleet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokens } from '../demo.js';
import { buildTestApp, type TestApp } from '../helper.js';
import {
  createApp,
  type MadeApp,
  openCall,
  type RawAnswer,
  TOKEN_PATH,
  tokenRequest,
} from './apps-fixture.js';

/*
 * The token endpoint as an OAuth 2.0 client library uses it (APPS-TOKEN, RFC 6749 section 4.4): credentials in
 * Basic auth or the form, the answer and its errors in RFC 6749's JSON, never the console's envelope, never cached.
 * It has a budget of 60 calls a minute per address: each test stays well under it from 127.0.0.1.
 */

let t: TestApp;
let owner: string;
let app: MadeApp;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner } = await demoTokens(t, 'owner'));
  app = await createApp(t, owner, { name: 'Token client' });
});
afterAll(async () => {
  await t?.close();
});

const basic = (key: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(key)}:${encodeURIComponent(secret)}`).toString('base64')}`;

async function form(payload: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const res = await t.app.inject({
    method: 'POST',
    url: TOKEN_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload,
  });
  return { status: res.statusCode, json: res.json(), headers: res.headers };
}

function expectToken(res: RawAnswer, scope = API_SCOPES.join(' ')) {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.json).toEqual({
    access_token: expect.stringMatching(/^fct_/),
    token_type: 'Bearer',
    expires_in: APP_TOKEN_TTL_S,
    scope,
  });
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers.pragma).toBe('no-cache');
}

function expectOAuthError(res: RawAnswer, status: number, error: string) {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  // RFC 6749 section 5.2: the error and its description, nothing of the console's envelope.
  expect(Object.keys(res.json).sort()).toEqual(['error', 'error_description']);
  expect(res.json.error).toBe(error);
  expect(typeof res.json.error_description).toBe('string');
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('getting a token', () => {
  it('APPS-TOKEN: Basic auth with a form body, the form alone, and JSON each get a bearer token that works', async () => {
    const answers = [
      await form('grant_type=client_credentials', { authorization: basic(app.accessKey, app.secret) }),
      await form(
        new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: app.accessKey,
          client_secret: app.secret,
        }).toString(),
      ),
      await tokenRequest(t, {
        grant_type: 'client_credentials',
        client_id: app.accessKey,
        client_secret: app.secret,
      }),
      await tokenRequest(
        t,
        { grant_type: 'client_credentials' },
        { headers: { authorization: basic(app.accessKey, app.secret) } },
      ),
    ];
    const tokens = new Set<string>();
    for (const res of answers) {
      expectToken(res);
      tokens.add(String(res.json.access_token));
    }
    expect(tokens.size).toBe(answers.length);
    for (const token of tokens) {
      const me = await openCall(t, 'openApp', token);
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({
        name: 'Token client',
        companyName: 'Acme Robotics',
        tokenScopes: [...API_SCOPES],
      });
    }
  });

  it('APPS-TOKEN: a wrong secret or an unknown key is 401 invalid_client with WWW-Authenticate, alike', async () => {
    const wrong = await form(
      `grant_type=client_credentials&client_id=${app.accessKey}&client_secret=fcs_wrong`,
    );
    expectOAuthError(wrong, 401, 'invalid_client');
    expect(wrong.headers['www-authenticate']).toBe('Basic realm="open-api"');
    const wrongBasic = await form('grant_type=client_credentials', {
      authorization: basic(app.accessKey, `${app.secret}x`),
    });
    expectOAuthError(wrongBasic, 401, 'invalid_client');
    const unknown = await tokenRequest(t, {
      grant_type: 'client_credentials',
      client_id: 'fca_000000000000000000000000',
      client_secret: app.secret,
    });
    expectOAuthError(unknown, 401, 'invalid_client');
    // The two say the same: a caller cannot tell a key that exists from one that does not.
    expect(unknown.json.error_description).toBe(wrong.json.error_description);
    const none = await form('grant_type=client_credentials');
    expectOAuthError(none, 401, 'invalid_client');
    expect(none.headers['www-authenticate']).toBe('Basic realm="open-api"');
  });

  it('APPS-TOKEN: a grant type other than client_credentials is 400 unsupported_grant_type', async () => {
    for (const grant of ['password', 'authorization_code', 'refresh_token']) {
      const res = await form(`grant_type=${grant}`, { authorization: basic(app.accessKey, app.secret) });
      expectOAuthError(res, 400, 'unsupported_grant_type');
    }
    const missing = await tokenRequest(t, { client_id: app.accessKey, client_secret: app.secret });
    expectOAuthError(missing, 400, 'invalid_request');
  });

  it('APPS-TOKEN: malformed requests are OAuth errors too: credentials twice, a field twice, broken JSON', async () => {
    const twice = await form(
      `grant_type=client_credentials&client_id=${app.accessKey}&client_secret=${app.secret}`,
      {
        authorization: basic(app.accessKey, app.secret),
      },
    );
    expectOAuthError(twice, 400, 'invalid_request');
    const repeated = await form(
      `grant_type=client_credentials&grant_type=client_credentials&client_id=${app.accessKey}&client_secret=${app.secret}`,
    );
    expectOAuthError(repeated, 400, 'invalid_request');
    const broken = await t.app.inject({
      method: 'POST',
      url: TOKEN_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type": ',
    });
    expectOAuthError(
      { status: broken.statusCode, json: broken.json(), headers: broken.headers },
      400,
      'invalid_request',
    );
    const notBase64 = await form('grant_type=client_credentials', { authorization: 'Basic bm8tY29sb24=' });
    expectOAuthError(notBase64, 400, 'invalid_request');
  });
});

describe('scopes at the token endpoint', () => {
  it('APPS-TOKEN: a token for fewer scopes gets them, and is refused (403) on a route needing another', async () => {
    const res = await form('grant_type=client_credentials&scope=robots.read%20devices.read', {
      authorization: basic(app.accessKey, app.secret),
    });
    expectToken(res, 'robots.read devices.read');
    const token = String(res.json.access_token);
    expect((await openCall(t, 'openRobots', token)).status).toBe(200);
    expect((await openCall(t, 'openDevices', token)).status).toBe(200);
    const lifts = await openCall(t, 'openLifts', token);
    expect(lifts.status).toBe(403);
    expect(lifts.headers['www-authenticate']).toBe(
      'Bearer realm="open-api", error="insufficient_scope", scope="lifts.read"',
    );
    expect(lifts.body.info).toMatch(/not issued for the scope lifts\.read/);
    const me = await openCall(t, 'openApp', token);
    expect(me.body.data.scopes).toEqual([...API_SCOPES]);
    expect(me.body.data.tokenScopes).toEqual(['robots.read', 'devices.read']);
  });

  it('APPS-TOKEN: an unknown scope, or one the application does not have, is 400 invalid_scope', async () => {
    const unknown = await form('grant_type=client_credentials&scope=robots.read%20robots.fly', {
      authorization: basic(app.accessKey, app.secret),
    });
    expectOAuthError(unknown, 400, 'invalid_scope');
    expect(unknown.json.error_description).toMatch(/robots\.fly/);
    const narrow = await createApp(t, owner, { scopes: ['robots.read'] });
    const notGranted = await tokenRequest(t, {
      grant_type: 'client_credentials',
      client_id: narrow.accessKey,
      client_secret: narrow.secret,
      scope: 'robots.read lifts.read',
    });
    expectOAuthError(notGranted, 400, 'invalid_scope');
    expect(notGranted.json.error_description).toMatch(/lifts\.read/);
    // Without a scope, the token has all the application's.
    const all = await tokenRequest(t, {
      grant_type: 'client_credentials',
      client_id: narrow.accessKey,
      client_secret: narrow.secret,
    });
    expectToken(all, 'robots.read');
  });
});

describe('the token endpoint’s budget', () => {
  it('APPS-TOKEN: past 60 calls a minute from one address, 429 with Retry-After, still as an OAuth error', async () => {
    // An address of its own, so the other tests' calls from 127.0.0.1 are not counted with these.
    const from = { remoteAddress: '192.0.2.77' };
    const ask = () =>
      tokenRequest(
        t,
        { grant_type: 'client_credentials', client_id: 'fca_nobody', client_secret: 'x' },
        from,
      );
    for (let i = 0; i < 60; i++) expect((await ask()).status).toBe(401);
    const over = await ask();
    expectOAuthError(over, 429, 'invalid_request');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
