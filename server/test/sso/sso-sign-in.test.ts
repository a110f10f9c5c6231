import type { SsoConfig } from '@fleet/contract';
import { signInAtProvider, startTestProvider, type TestProvider } from '@fleet/sim/oidc';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  memberships,
  sessions,
  ssoFlows,
  ssoIdentities,
  users,
} from '../../src/db/schema/index.js';
import { companyIdOf, loginInto, userIdOf } from '../demo.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';
import {
  callbackPattern,
  configBody,
  deliver,
  editConfig,
  errorOf,
  runConnectionTest,
  signIn,
  storedConfig,
  tokenFrom,
} from './sso-support.js';

/*
 * Single sign-on through a real OpenID Provider (oidc-provider) started on a free local port: the console's
 * server talks to it over HTTP exactly as to Keycloak or Entra ID; only the browser is played by the test.
 */

let t: TestApp;
let idp: TestProvider;
let superAcme = '';
let acme = '';
let config: SsoConfig;

const people = [
  { login: 'ada', email: 'ada@acme.test', name: 'Ada Lovelace', groups: ['fleet-admins'] },
  { login: 'grace', email: 'grace@acme.test', name: 'Grace Hopper', groups: ['operators'] },
  { login: 'admin', email: 'admin@acme.test', name: 'Acme Admin', groups: [] },
  { login: 'staff', email: 'staff@acme.test', name: 'Acme Staff', groups: [] },
  { login: 'unverified', email: 'unverified@acme.test', name: 'U', groups: [], emailVerified: false },
  { login: 'outsider', email: 'someone@elsewhere.test', name: 'O', groups: [] },
];

const membership = async (email: string) => {
  const [row] = await t.directory.db
    .select({ role: memberships.role, roleBySso: memberships.roleBySso })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(users.email, email), eq(memberships.companyId, acme)));
  return row ?? null;
};

const refresh = async () => {
  const res = await call(t.app, 'getSsoConfig', { token: superAcme });
  if (!res.body.data) throw new Error('no configuration');
  config = res.body.data;
  return config;
};

beforeAll(async () => {
  t = await buildTestApp();
  idp = await startTestProvider({
    clients: [
      { clientId: 'acme-console', clientSecret: 'acme-console-secret', redirectUris: [callbackPattern(t)] },
    ],
    accounts: people,
  });
  acme = await companyIdOf(t, 'Acme Robotics');
  superAcme = await loginInto(t, 'super@fleet.test', 'Acme Robotics');
  const created = await call(t.app, 'createSsoConfig', {
    token: superAcme,
    body: configBody(idp.issuer, 'acme-console'),
  });
  if (created.status !== 200) throw new Error(created.body.info);
  config = created.body.data;
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

describe('activation', () => {
  it('a new configuration is a draft that signs nobody in', async () => {
    expect(config.status).toBe('draft');
    expect(config.redirectUri).toBe(`${t.config.publicUrl}/opt/v1/sso/${config.id}/callback`);
    expect((await call(t.app, 'ssoLogin', { params: { id: config.id } })).status).toBe(404);
  });

  it('login-url answers an unknown, an inactive and another company’s domain identically', async () => {
    const answers = await Promise.all(
      ['x@nowhere.test', 'ada@acme.test', 'solo@solo.test'].map((email) =>
        call(t.app, 'ssoLoginUrl', { query: { email } }),
      ),
    );
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(a.body).toEqual(answers[0]?.body);
    }
  });

  it('optional or required is refused until a connection test passed', async () => {
    for (const enforcement of ['optional', 'required']) {
      const res = await editConfig(t, superAcme, config, { enforcement });
      expect(res.status).toBe(400);
      expect(res.body.info).toMatch(/body\.enforcement: test the connection first/);
    }
    expect((await refresh()).enforcement).toBe('off');
  });

  it('test connection: one real sign-in through the provider makes it tested, and is audited', async () => {
    expect(await runConnectionTest(t, superAcme, 'ada')).toBe('/sso?type=edit&test=passed');
    expect((await refresh()).status).toBe('tested');
    const audited = await t.directory.db.select().from(auditLog).where(eq(auditLog.action, 'sso.test'));
    expect(audited).toHaveLength(1);
    // The test signs no one in and creates no one.
    expect(await membership('ada@acme.test')).toBeNull();
  });

  it('optional makes it active: login-url now names the provider', async () => {
    const res = await editConfig(t, superAcme, config, { enforcement: 'optional' });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('active');
    const found = await call(t.app, 'ssoLoginUrl', { query: { email: 'ada@acme.test' } });
    expect(found.body.data).toEqual({
      id: config.id,
      companyName: 'Acme Robotics',
      loginPath: `/login/sso/${config.id}`,
    });
    await refresh();
  });
});

describe('signing in', () => {
  it('a new person is created just in time with the mapped role and lands signed in', async () => {
    const location = await signIn(t, config.id, 'ada');
    expect(location).toMatch(new RegExp(`^/login/sso/${config.id}\\?ticket=`));
    const token = await tokenFrom(t, location);
    const me = await call(t.app, 'me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'ada@acme.test', firstName: 'Ada', lastName: 'Lovelace' });
    expect(await membership('ada@acme.test')).toEqual({ role: 'admin', roleBySso: true });
    const [created] = await t.directory.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'person.provision'));
    expect(created?.detail).toMatchObject({ role: 'admin', newAccount: true, via: 'sso' });
  });

  it('a person in no mapped group gets the default role', async () => {
    await tokenFrom(t, await signIn(t, config.id, 'grace'));
    expect(await membership('grace@acme.test')).toEqual({ role: 'staff', roleBySso: true });
  });

  it('a group change is re-evaluated at the next sign-in', async () => {
    idp.setAccount({ ...people[0], login: 'ada', email: 'ada@acme.test', name: 'Ada Lovelace', groups: [] });
    await tokenFrom(t, await signIn(t, config.id, 'ada'));
    expect(await membership('ada@acme.test')).toEqual({ role: 'staff', roleBySso: true });
    idp.setAccount({ login: 'ada', email: 'ada@acme.test', name: 'Ada Lovelace', groups: ['fleet-admins'] });
    await tokenFrom(t, await signIn(t, config.id, 'ada'));
    expect(await membership('ada@acme.test')).toEqual({ role: 'admin', roleBySso: true });
  });

  it('a role raised by hand is never lowered by sync', async () => {
    // admin@acme.test was made an admin by hand; the provider puts them in no group.
    await tokenFrom(t, await signIn(t, config.id, 'admin'));
    expect(await membership('admin@acme.test')).toEqual({ role: 'admin', roleBySso: false });
  });

  it('a role the mapping gave, then raised by hand, is no longer lowered by the mapping', async () => {
    // Grace signs in through the provider as staff (her groups map to none), then the owner makes her an admin.
    idp.setAccount({ login: 'grace', email: 'grace@acme.test', name: 'Grace Hopper', groups: ['operators'] });
    await tokenFrom(t, await signIn(t, config.id, 'grace'));
    expect(await membership('grace@acme.test')).toEqual({ role: 'staff', roleBySso: true });
    const owner = await login(t.app, 'owner@acme.test');
    const grace = await userIdOf(t, 'grace@acme.test');
    expect((await call(t.app, 'setAdmin', { token: owner, body: { userId: grace } })).status).toBe(200);
    await tokenFrom(t, await signIn(t, config.id, 'grace'));
    expect(await membership('grace@acme.test')).toEqual({ role: 'admin', roleBySso: false });
  });

  it('an existing account is linked by e-mail at its first sign-in, then found by subject only', async () => {
    const staffId = await userIdOf(t, 'staff@acme.test');
    await tokenFrom(t, await signIn(t, config.id, 'staff'));
    const links = await t.directory.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, staffId));
    expect(links.map((l) => l.subject)).toEqual(['staff']);
    // Their e-mail changes at the provider: the subject still finds them.
    idp.setAccount({ login: 'staff', email: 'staff.renamed@acme.test', name: 'Acme Staff', groups: [] });
    const me = await call(t.app, 'me', { token: await tokenFrom(t, await signIn(t, config.id, 'staff')) });
    expect(me.body.data.email).toBe('staff@acme.test');
    // Another account at the provider with the linked person's e-mail does not take them over.
    idp.setAccount({
      login: 'impostor',
      email: 'staff@acme.test',
      name: 'Not Staff',
      groups: ['fleet-admins'],
    });
    expect(errorOf(await signIn(t, config.id, 'impostor'))).toBe('account_linked');
  });

  it('the session is opened like a password sign-in: a row with the address, and the person marked signed in', async () => {
    const token = await tokenFrom(t, await signIn(t, config.id, 'grace'));
    const claims = await t.app.inject({ method: 'GET', url: '/opt/v1/user/me', headers: { token } });
    expect(claims.statusCode).toBe(200);
    const graceId = await userIdOf(t, 'grace@acme.test');
    const rows = await t.directory.db.select().from(sessions).where(eq(sessions.userId, graceId));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [grace] = await t.directory.db.select().from(users).where(eq(users.id, graceId));
    expect(grace?.lastSignInAt).not.toBeNull();
  });

  it('a ticket is exchanged once', async () => {
    const location = await signIn(t, config.id, 'grace');
    await tokenFrom(t, location);
    const ticket = new URL(location, 'http://c').searchParams.get('ticket') ?? '';
    expect((await call(t.app, 'ssoFinish', { body: { ticket } })).status).toBe(401);
  });
});

describe('failures land on /login/sso/{id} with their reason', () => {
  it('the person cancelled at the provider', async () => {
    expect(await signIn(t, config.id, 'ada', { cancel: true })).toBe(
      `/login/sso/${config.id}?error=cancelled`,
    );
  });

  it('an e-mail the provider says is not verified', async () => {
    expect(errorOf(await signIn(t, config.id, 'unverified'))).toBe('email_unverified');
    expect(await membership('unverified@acme.test')).toBeNull();
  });

  it('an e-mail outside the configuration’s domains', async () => {
    expect(errorOf(await signIn(t, config.id, 'outsider'))).toBe('email_domain');
  });

  it('a replayed state', async () => {
    const started = await call(t.app, 'ssoLogin', { params: { id: config.id } });
    const callback = await signInAtProvider(started.body.data.redirectUrl, 'grace');
    expect(await deliver(t, callback)).toMatch(/\?ticket=/);
    expect(errorOf(await deliver(t, callback))).toBe('state_invalid');
  });

  it('PKCE: a code exchanged without its verifier is refused by the provider', async () => {
    const started = await call(t.app, 'ssoLogin', { params: { id: config.id } });
    const callback = await signInAtProvider(started.body.data.redirectUrl, 'grace');
    await t.directory.db.update(ssoFlows).set({ codeVerifier: 'x'.repeat(64) });
    expect(errorOf(await deliver(t, callback))).toBe('token_invalid');
  });

  it.each([
    ['another audience', { audience: 'someone-else' }],
    ['another issuer', { issuer: 'https://evil.test' }],
    ['an expired token', { expired: true }],
    ['a foreign signature', { foreignKey: true }],
    ['a wrong nonce', { nonce: 'not-the-nonce' }],
  ])('an ID token with %s', async (_what, tampering) => {
    idp.tamper(tampering);
    try {
      expect(errorOf(await signIn(t, config.id, 'grace'))).toBe('token_invalid');
    } finally {
      idp.tamper(null);
    }
  });

  it('no just-in-time sign-up: an unknown person is not created', async () => {
    expect((await editConfig(t, superAcme, config, { jit: false })).status).toBe(200);
    idp.setAccount({ login: 'newcomer', email: 'newcomer@acme.test', name: 'New Comer', groups: [] });
    expect(errorOf(await signIn(t, config.id, 'newcomer'))).toBe('not_provisioned');
    const [row] = await t.directory.db.select().from(users).where(eq(users.email, 'newcomer@acme.test'));
    expect(row).toBeUndefined();
    await editConfig(t, superAcme, config, { jit: true });
  });

  it('strict groups: a person whose groups map to no role is refused', async () => {
    expect((await editConfig(t, superAcme, config, { strictGroups: true })).status).toBe(200);
    expect(errorOf(await signIn(t, config.id, 'grace'))).toBe('no_role');
    expect(await signIn(t, config.id, 'ada')).toMatch(/\?ticket=/);
    await editConfig(t, superAcme, config, { strictGroups: false });
  });
});

describe('enforcement', () => {
  it('required needs a break-glass account: a member with a password', async () => {
    const res = await editConfig(t, superAcme, config, { enforcement: 'required' });
    expect(res.status).toBe(400);
    expect(res.body.info).toMatch(/body\.breakGlassUserIds: name at least one break-glass account/);
    const adaId = await userIdOf(t, 'ada@acme.test');
    const soloId = await userIdOf(t, 'solo@solo.test');
    const bad = await editConfig(t, superAcme, config, {
      enforcement: 'required',
      breakGlassUserIds: [adaId, soloId],
    });
    expect(bad.body.info).toMatch(/breakGlassUserIds\.0: has no password/);
    expect(bad.body.info).toMatch(/breakGlassUserIds\.1: not a member of the company/);
  });

  it('required refuses passwords except to the break-glass account, whose use is audited', async () => {
    const ownerId = await userIdOf(t, 'owner@acme.test');
    const res = await editConfig(t, superAcme, config, {
      enforcement: 'required',
      breakGlassUserIds: [ownerId],
    });
    expect(res.status).toBe(200);
    const refused = await call(t.app, 'login', {
      body: { account: 'admin@acme.test', password: 'demo1234' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.info).toMatch(/signs in with single sign-on/);
    expect(await login(t.app, 'owner@acme.test')).toBeTruthy();
    const used = await t.directory.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'person.breakGlassSignIn'));
    expect(used.map((u) => u.actorId)).toEqual([ownerId]);
    await editConfig(t, superAcme, config, { enforcement: 'optional', breakGlassUserIds: [] });
  });

  it('a changed connection needs a new test: the configuration goes back to draft and must be off', async () => {
    await refresh();
    const refused = await editConfig(t, superAcme, config, { clientSecret: 'rotated-secret' });
    expect(refused.status).toBe(400);
    expect(refused.body.info).toMatch(/body\.enforcement: test the connection first/);
    const saved = await editConfig(t, superAcme, config, {
      clientSecret: 'rotated-secret',
      enforcement: 'off',
    });
    expect(saved.body.data.status).toBe('draft');
    expect((await storedConfig(t, config.id)).testedAt).toBeNull();
    // The provider does not know this secret: the test fails, saying why, and the configuration stays a draft.
    expect(await runConnectionTest(t, superAcme, 'ada')).toBe('/sso?type=edit&test=client_rejected');
    expect((await refresh()).status).toBe('draft');
  });
});

describe('two companies with two providers never cross', () => {
  let other: TestProvider;
  let soloConfig: SsoConfig;
  let superSolo = '';

  beforeAll(async () => {
    other = await startTestProvider({
      clients: [
        { clientId: 'solo-console', clientSecret: 'solo-console-secret', redirectUris: [callbackPattern(t)] },
      ],
      accounts: [
        { login: 'barista', email: 'barista@solo.test', name: 'Bea Barista', groups: [] },
        { login: 'sneaky', email: 'ada@acme.test', name: 'Not Ada', groups: ['fleet-admins'] },
      ],
    });
    superSolo = await loginInto(t, 'super@fleet.test', 'Solo Café');
    const created = await call(t.app, 'createSsoConfig', {
      token: superSolo,
      body: configBody(other.issuer, 'solo-console', { emailDomains: ['solo.test'] }),
    });
    soloConfig = created.body.data;
    expect(await runConnectionTest(t, superSolo, 'barista')).toBe('/sso?type=edit&test=passed');
    soloConfig = (await editConfig(t, superSolo, soloConfig, { enforcement: 'optional' })).body.data;
  });
  afterAll(() => other?.close());

  it('each company’s people sign in through their own provider, into their own company', async () => {
    const token = await tokenFrom(t, await signIn(t, soloConfig.id, 'barista'));
    const me = await call(t.app, 'me', { token });
    expect(me.body.data.email).toBe('barista@solo.test');
  });

  it('a state started for one company is refused on the other’s callback', async () => {
    await editConfig(t, superAcme, await refresh(), {
      clientSecret: 'acme-console-secret',
      enforcement: 'off',
    });
    expect(await runConnectionTest(t, superAcme, 'ada')).toBe('/sso?type=edit&test=passed');
    await editConfig(t, superAcme, await refresh(), { enforcement: 'optional' });
    const started = await call(t.app, 'ssoLogin', { params: { id: config.id } });
    const callback = await signInAtProvider(started.body.data.redirectUrl, 'grace');
    const crossed = new URL(callback.href.replace(config.id, soloConfig.id));
    expect(errorOf(await deliver(t, crossed))).toBe('state_invalid');
  });

  it('the other provider cannot sign anyone into Acme, even with an Acme e-mail', async () => {
    expect(errorOf(await signIn(t, soloConfig.id, 'sneaky'))).toBe('email_domain');
  });

  it('a provider that goes down during a sign-in: the person lands with the reason', async () => {
    const started = await call(t.app, 'ssoLogin', { params: { id: soloConfig.id } });
    const callback = await signInAtProvider(started.body.data.redirectUrl, 'barista');
    await other.close();
    expect(errorOf(await deliver(t, callback))).toBe('provider_unreachable');
  });
});
