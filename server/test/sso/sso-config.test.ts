import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ssoConfigs } from '../../src/db/schema/index.js';
import { companyIdOf, demoTokens, loginInto, must } from '../demo.js';
import { type Answer, buildTestApp, call, type TestApp } from '../helper.js';

const SECRET = 'plain-Secret-Value-7731';
const NEW_SECRET = 'second-Secret-Value-4410';

let t: TestApp;
const token = { superHq: '', superSolo: '', owner: '', admin: '' };
let hq = '';
/** Every answer of this file: none may carry a client secret. */
const answers: Answer<unknown>[] = [];
const record = <T>(a: Answer<T>): Answer<T> => {
  answers.push(a);
  return a;
};

beforeAll(async () => {
  t = await buildTestApp();
  hq = await companyIdOf(t, 'Fleet HQ');
  token.superHq = await loginInto(t, 'super@fleet.test', 'Fleet HQ');
  token.superSolo = await loginInto(t, 'super@fleet.test', 'Solo Café');
  Object.assign(token, await demoTokens(t, 'owner', 'admin'));
});
afterAll(() => t.close());

const body = (extra: object = {}) => ({
  issuer: 'https://id.fleet.test/realms/staff',
  clientId: 'fleet-console',
  clientSecret: SECRET,
  emailDomains: ['fleet.test'],
  ...extra,
});
const storedRows = () => t.directory.db.select().from(ssoConfigs);

describe('single sign-on configuration is for super admins only', () => {
  it.each(['owner', 'admin'] as const)('a company %s gets 403 on every call', async (who) => {
    const tok = token[who];
    expect(record(await call(t.app, 'getSsoConfig', { token: tok })).status).toBe(403);
    expect(record(await call(t.app, 'createSsoConfig', { token: tok, body: body() })).status).toBe(403);
    expect(await storedRows()).toEqual([]);
  });
});

describe('storing a configuration', () => {
  let id = '';

  it('a bad issuer URL is 400 naming body.issuer', async () => {
    for (const issuer of ['not a url', 'ftp://id.fleet.test']) {
      const res = record(
        await call(t.app, 'createSsoConfig', { token: token.superHq, body: body({ issuer }) }),
      );
      expect(res.status, issuer).toBe(400);
      expect(res.body.info, issuer).toMatch(/^body\.issuer: /);
    }
    expect(await storedRows()).toEqual([]);
  });

  it('an issuer on plain http is refused unless it is on this machine: tokens would cross the network in clear', async () => {
    const res = record(
      await call(t.app, 'createSsoConfig', {
        token: token.superHq,
        body: body({ issuer: 'http://id.fleet.test/realms/staff' }),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.info).toMatch(/^body\.issuer: must be https/);
    expect(res.body).toMatchObject({ issues: [{ path: 'body.issuer', rule: 'issuerNotHttps', params: {} }] });
    expect(await storedRows()).toEqual([]);
  });

  it('create answers hasClientSecret true, never the secret, and stores only ciphertext', async () => {
    const res = record(await call(t.app, 'createSsoConfig', { token: token.superHq, body: body() }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      companyId: hq,
      hasClientSecret: true,
      emailDomains: ['fleet.test'],
    });
    expect(res.body.data).not.toHaveProperty('clientSecret');
    id = res.body.data.id;
    const [row] = await storedRows();
    expect(row?.clientSecretEnc).toBeTruthy();
    expect(row?.clientSecretEnc).not.toContain(SECRET);
    // Not merely encoded either: no part of the stored value decodes to the secret.
    for (const part of (row?.clientSecretEnc ?? '').split('.')) {
      expect(Buffer.from(part, 'base64').toString('latin1')).not.toContain(SECRET);
    }
  });

  it('get answers the configuration without the secret', async () => {
    const res = record(await call(t.app, 'getSsoConfig', { token: token.superHq }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, hasClientSecret: true, clientId: 'fleet-console' });
  });

  it('a second configuration for the same company is 409', async () => {
    const res = record(await call(t.app, 'createSsoConfig', { token: token.superHq, body: body() }));
    expect(res.status).toBe(409);
    expect(await storedRows()).toHaveLength(1);
  });

  it('edit without clientSecret keeps the stored secret', async () => {
    const before = must((await storedRows())[0]).clientSecretEnc;
    const res = record(
      await call(t.app, 'editSsoConfig', {
        token: token.superHq,
        body: {
          id,
          issuer: 'https://id2.fleet.test',
          clientId: 'fleet-console-2',
          emailDomains: ['fleet.test'],
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ issuer: 'https://id2.fleet.test', hasClientSecret: true });
    const after = must((await storedRows())[0]);
    expect(after.clientSecretEnc).toBe(before);
    expect(after.clientId).toBe('fleet-console-2');
  });

  it('edit with a new clientSecret replaces it, still never in clear', async () => {
    const before = must((await storedRows())[0]).clientSecretEnc;
    const res = record(
      await call(t.app, 'editSsoConfig', {
        token: token.superHq,
        body: { ...body({ clientSecret: NEW_SECRET }), id },
      }),
    );
    expect(res.status).toBe(200);
    const after = must((await storedRows())[0]).clientSecretEnc;
    expect(after).not.toBe(before);
    expect(after).not.toContain(NEW_SECRET);
  });

  it('a domain another company signs in with is 409 naming body.emailDomains', async () => {
    const res = record(
      await call(t.app, 'createSsoConfig', {
        token: token.superSolo,
        body: body({ issuer: 'https://login.solo.test', emailDomains: ['solo.test', 'FLEET.test'] }),
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body.info).toMatch(/^body\.emailDomains: /);
    expect(res.body.info).toContain('fleet.test');
    expect(record(await call(t.app, 'getSsoConfig', { token: token.superSolo })).body.data).toBeNull();
  });

  it('login-url finds an active provider by the e-mail’s domain', async () => {
    // Active: a connection test passed (test/sso/sso-sign-in.test.ts runs a real one) and it is offered.
    await t.directory.db
      .update(ssoConfigs)
      .set({ testedAt: new Date(), enforcement: 'optional' })
      .where(eq(ssoConfigs.id, id));
    const res = record(await call(t.app, 'ssoLoginUrl', { query: { email: 'Someone@Fleet.Test' } }));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id, companyName: 'Fleet HQ', loginPath: `/login/sso/${id}` });
  });

  it('login-url for a domain nobody configured is 404', async () => {
    const res = record(await call(t.app, 'ssoLoginUrl', { query: { email: 'someone@nowhere.test' } }));
    expect(res.status).toBe(404);
  });

  it('delete, then get answers null and the domain is free again', async () => {
    const del = record(await call(t.app, 'deleteSsoConfig', { token: token.superHq, params: { id } }));
    expect(del.status).toBe(200);
    const get = record(await call(t.app, 'getSsoConfig', { token: token.superHq }));
    expect(get.status).toBe(200);
    expect(get.body.data).toBeNull();
    expect(await storedRows()).toEqual([]);
    expect(record(await call(t.app, 'ssoLoginUrl', { query: { email: 'a@fleet.test' } })).status).toBe(404);
    const again = record(await call(t.app, 'deleteSsoConfig', { token: token.superHq, params: { id } }));
    expect(again.status).toBe(404);
  });

  it('no answer and no audit row ever carried a client secret', async () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const a of answers) {
      const text = JSON.stringify(a);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(NEW_SECRET);
    }
    const audit = JSON.stringify(
      await t.directory.db.select().from(auditLog).where(eq(auditLog.targetType, 'ssoConfig')),
    );
    expect(audit).toContain('sso.create');
    expect(audit).not.toContain(SECRET);
    expect(audit).not.toContain(NEW_SECRET);
  });
});
