import { SCIM_SCHEMAS, type ScimUser } from '@fleet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, buildings, memberships, sessions, users } from '../../src/db/schema/index.js';
import { companyIdOf, demoUserIds, loginInto } from '../demo.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

/*
 * The SCIM 2.0 Users service as an identity provider drives it: raw HTTP with a bearer token and
 * application/scim+json bodies, the shapes Entra ID, Okta and Keycloak's SCIM plug-ins send.
 */

let t: TestApp;
let acme = '';
let acmeScim = '';
let soloScim = '';
let hqScim = '';
let id: Record<'owner' | 'admin' | 'staff' | 'solo' | 'super', string>;

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
/** No provider is reached in these tests: the sign-in flows have their own (sso-sign-in.test.ts). */
const NOWHERE = 'http://127.0.0.1:9';

interface ScimAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, unknown>;
}

async function scim(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  opts: { token?: string | null; body?: unknown; raw?: string } = {},
): Promise<ScimAnswer> {
  const token = opts.token === undefined ? acmeScim : opts.token;
  const res = await t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(opts.body !== undefined || opts.raw !== undefined
        ? { 'content-type': 'application/scim+json; charset=utf-8' }
        : {}),
    },
    ...(opts.raw !== undefined
      ? { payload: opts.raw }
      : opts.body !== undefined
        ? { payload: JSON.stringify(opts.body) }
        : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : {}, headers: res.headers };
}

const user = (res: ScimAnswer) => res.body as unknown as ScimUser;
const patch = (...Operations: object[]) => ({ schemas: [PATCH_OP], Operations });
const listed = async (filter?: string, token?: string) => {
  const res = await scim('GET', `/Users${filter ? `?filter=${encodeURIComponent(filter)}` : ''}`, { token });
  expect(res.status).toBe(200);
  return (res.body.Resources as ScimUser[]).map((u) => u.userName).sort();
};

/** Makes the company's configuration and its SCIM token, as its super admin does on the /sso page. */
async function providerOf(company: string, domain: string): Promise<string> {
  const token = await loginInto(t, 'super@fleet.test', company);
  const made = await call(t.app, 'createSsoConfig', {
    token,
    body: { issuer: NOWHERE, clientId: domain, clientSecret: 'x', emailDomains: [domain] },
  });
  if (made.status !== 200) throw new Error(made.body.info);
  const scimToken = await call(t.app, 'createScimToken', { token });
  if (scimToken.status !== 200) throw new Error(scimToken.body.info);
  return scimToken.body.data.token;
}

const auditOf = (userId: string) =>
  t.directory.db
    .select({
      action: auditLog.action,
      actorId: auditLog.actorId,
      companyId: auditLog.companyId,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .where(eq(auditLog.targetId, userId));

const accountOf = async (userId: string) => {
  const [row] = await t.directory.db.select().from(users).where(eq(users.id, userId));
  return row;
};

const isMember = async (userId: string, companyId: string) =>
  (
    await t.directory.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)))
  ).length > 0;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await companyIdOf(t, 'Acme Robotics');
  id = await demoUserIds(t, 'owner', 'admin', 'staff', 'solo', 'super');
  acmeScim = await providerOf('Acme Robotics', 'acme.test');
  soloScim = await providerOf('Solo Café', 'solo.test');
  hqScim = await providerOf('Fleet HQ', 'fleet.test');
});
afterAll(() => t?.close());

describe('the token', () => {
  it.each([
    ['no token', null],
    ['a wrong token', 'scim_not-a-token'],
  ])('%s is a 401 SCIM error', async (_, token) => {
    const res = await scim('GET', '/Users', { token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '401' });
    expect(res.body).not.toHaveProperty('success');
    expect(String(res.headers['content-type'])).toContain('application/scim+json');
    expect(res.headers['www-authenticate']).toBe('Bearer realm="scim"');
  });

  it('a console session is no SCIM token, even a super admin’s', async () => {
    const session = await login(t.app, 'super@fleet.test');
    expect((await scim('GET', '/Users', { token: session })).status).toBe(401);
    const viaHeader = await t.app.inject({
      method: 'GET',
      url: '/scim/v2/Users',
      headers: { token: session },
    });
    expect(viaHeader.statusCode).toBe(401);
  });

  it('is checked before the input: a stranger’s malformed PATCH learns only that it needs a token', async () => {
    const res = await scim('PATCH', `/Users/${id.staff}`, { token: null, body: { nonsense: true } });
    expect(res.status).toBe(401);
  });

  it('a replaced token stops working at once', async () => {
    const token = await loginInto(t, 'super@fleet.test', 'Solo Café');
    const next = await call(t.app, 'createScimToken', { token });
    expect((await scim('GET', '/Users', { token: soloScim })).status).toBe(401);
    soloScim = next.body.data.token;
    expect((await scim('GET', '/Users', { token: soloScim })).status).toBe(200);
  });
});

describe('discovery', () => {
  it('ServiceProviderConfig: PATCH and filter (200 at most), no bulk, sort, ETag or passwords, bearer tokens', async () => {
    const res = await scim('GET', '/ServiceProviderConfig');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      schemas: [SCIM_SCHEMAS.serviceProviderConfig],
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      changePassword: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
  });

  it('ResourceTypes and Schemas describe the User', async () => {
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body).toMatchObject({ totalResults: 1, Resources: [{ id: 'User', endpoint: '/Users' }] });
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.body).toMatchObject({ Resources: [{ id: SCIM_SCHEMAS.user }] });
  });

  it('an unknown SCIM path is a 404 SCIM error', async () => {
    const res = await scim('GET', '/Groups');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '404' });
  });
});

describe('reading', () => {
  it('lists the company’s members of the provider’s domains only', async () => {
    // The super admin is a member of Acme too, but fleet.test is not Acme's provider's.
    expect(await listed()).toEqual(['admin@acme.test', 'owner@acme.test', 'staff@acme.test']);
    expect(await listed(undefined, soloScim)).toEqual(['solo@solo.test']);
  });

  it('filters by userName, whatever its case', async () => {
    expect(await listed('userName eq "ADMIN@Acme.test"')).toEqual(['admin@acme.test']);
    expect(await listed('userName eq "solo@solo.test"')).toEqual([]);
    expect(await listed('userName eq "admin@acme.test"', soloScim)).toEqual([]);
  });

  it('pages from startIndex by count', async () => {
    const page = await scim('GET', '/Users?startIndex=2&count=1');
    expect(page.body).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    const none = await scim('GET', '/Users?count=0');
    expect(none.body).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });
  });

  it.each([
    'externalId eq "123"',
    'userName sw "adm"',
    'userName eq "a@acme.test" or userName eq "b@acme.test"',
  ])('refuses the filter %s as invalidFilter', async (filter) => {
    const res = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      schemas: [SCIM_SCHEMAS.error],
      status: '400',
      scimType: 'invalidFilter',
    });
  });

  it('gets a member as a SCIM User', async () => {
    const res = await scim('GET', `/Users/${id.admin}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      schemas: [SCIM_SCHEMAS.user],
      id: id.admin,
      userName: 'admin@acme.test',
      emails: [{ value: 'admin@acme.test', primary: true }],
      active: true,
      meta: { resourceType: 'User', location: `${t.config.publicUrl}/scim/v2/Users/${id.admin}` },
    });
  });

  it.each([
    ['another company’s person', () => id.solo],
    ['a member of another domain (the super admin in Acme)', () => id.super],
    ['an unknown id', () => '00000000-0000-4000-8000-000000000000'],
    ['an id that is not ours at all', () => 'not-a-uuid'],
  ])('%s is 404', async (_, who) => {
    const res = await scim('GET', `/Users/${who()}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '404' });
  });

  it('two companies’ tokens never cross, for reads or writes', async () => {
    expect((await scim('GET', `/Users/${id.admin}`, { token: soloScim })).status).toBe(404);
    expect((await scim('GET', `/Users/${id.solo}`)).status).toBe(404);
    const off = patch({ op: 'replace', path: 'active', value: false });
    expect((await scim('PATCH', `/Users/${id.admin}`, { token: soloScim, body: off })).status).toBe(404);
    expect((await scim('DELETE', `/Users/${id.solo}`)).status).toBe(404);
    expect((await accountOf(id.admin))?.disabledAt).toBeNull();
    expect((await accountOf(id.solo))?.disabledAt).toBeNull();
    expect(await isMember(id.solo, await companyIdOf(t, 'Solo Café'))).toBe(true);
  });
});

describe('accounts SCIM never disables', () => {
  const off = patch({ op: 'replace', path: 'active', value: false });

  it('the company owner: 403, and they still sign in', async () => {
    const res = await scim('PATCH', `/Users/${id.owner}`, { body: off });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '403' });
    expect(String(res.body.detail)).toContain('owns a company');
    expect((await scim('DELETE', `/Users/${id.owner}`)).status).toBe(403);
    expect(
      (await scim('PUT', `/Users/${id.owner}`, { body: { userName: 'owner@acme.test', active: false } }))
        .status,
    ).toBe(403);
    expect((await accountOf(id.owner))?.disabledAt).toBeNull();
    expect(await isMember(id.owner, acme)).toBe(true);
    await login(t.app, 'owner@acme.test');
  });

  it('a super admin: 403 from their own company’s provider too', async () => {
    const res = await scim('PATCH', `/Users/${id.super}`, { token: hqScim, body: off });
    expect(res.status).toBe(403);
    expect(String(res.body.detail)).toContain('super admin');
    expect((await scim('DELETE', `/Users/${id.super}`, { token: hqScim })).status).toBe(403);
    await login(t.app, 'super@fleet.test');
  });

  it('may still have their names kept in step', async () => {
    const res = await scim('PATCH', `/Users/${id.owner}`, {
      body: patch({ op: 'replace', path: 'name.familyName', value: 'Owner-Smith' }),
    });
    expect(res.status).toBe(200);
    expect(user(res).name.familyName).toBe('Owner-Smith');
  });
});

describe('de-provisioning', () => {
  it('active:false ends every session of the person at once, in every company, and refuses their password', async () => {
    const inAcme = await loginInto(t, 'staff@acme.test', 'Acme Robotics');
    const inSolo = await loginInto(t, 'staff@acme.test', 'Solo Café');
    expect((await call(t.app, 'me', { token: inAcme })).status).toBe(200);
    // Okta's form: no path, a partial User as the value.
    const res = await scim('PATCH', `/Users/${id.staff}`, {
      body: patch({ op: 'replace', value: { active: false } }),
    });
    expect(res.status).toBe(200);
    expect(user(res).active).toBe(false);
    expect((await call(t.app, 'me', { token: inAcme })).status).toBe(401);
    expect((await call(t.app, 'me', { token: inSolo })).status).toBe(401);
    // Ended, not only refused: re-provisioning does not bring an old session back.
    const open = await t.directory.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.userId, id.staff));
    expect(open.length).toBeGreaterThanOrEqual(2);
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    const password = await call(t.app, 'login', {
      body: { account: 'staff@acme.test', password: 'demo1234' },
    });
    expect(password.status).toBe(403);
    // Kept: the account, its membership, and what the provider reads back.
    expect(await isMember(id.staff, acme)).toBe(true);
    expect(user(await scim('GET', `/Users/${id.staff}`)).active).toBe(false);
    const rows = (await auditOf(id.staff)).filter((r) => r.action === 'person.deprovision');
    expect(rows).toEqual([
      expect.objectContaining({
        companyId: acme,
        actorId: null,
        detail: expect.objectContaining({ via: 'scim' }),
      }),
    ]);
  });

  it('active:true lets them sign in again, audited', async () => {
    const res = await scim('PATCH', `/Users/${id.staff}`, {
      body: patch({ op: 'replace', path: 'active', value: true }),
    });
    expect(user(res).active).toBe(true);
    const fresh = await login(t.app, 'staff@acme.test');
    expect((await call(t.app, 'me', { token: fresh })).status).toBe(200);
    expect((await auditOf(id.staff)).map((r) => r.action)).toContain('person.reprovision');
  });

  it('takes Entra ID’s "False" and "True" strings, its capitalised op, and ignores attributes the console does not keep', async () => {
    const token = await login(t.app, 'admin@acme.test');
    const res = await scim('PATCH', `/Users/${id.admin}`, {
      body: patch(
        { op: 'Replace', path: 'active', value: 'False' },
        { op: 'Add', path: 'title', value: 'Supervisor' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'admin@acme.test' },
        {
          op: 'Add',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
          value: 'Ops',
        },
      ),
    });
    expect(res.status).toBe(200);
    expect(user(res).active).toBe(false);
    expect((await call(t.app, 'me', { token })).status).toBe(401);
    const back = await scim('PATCH', `/Users/${id.admin}`, {
      body: patch({ op: 'Replace', path: 'active', value: 'True' }),
    });
    expect(user(back).active).toBe(true);
    await login(t.app, 'admin@acme.test');
  });

  it('a repeated active:false changes nothing and is audited once', async () => {
    const off = patch({ op: 'replace', path: 'active', value: false });
    await scim('PATCH', `/Users/${id.staff}`, { body: off });
    await scim('PATCH', `/Users/${id.staff}`, { body: off });
    const on = patch({ op: 'replace', path: 'active', value: true });
    await scim('PATCH', `/Users/${id.staff}`, { body: on });
    const actions = (await auditOf(id.staff)).map((r) => r.action);
    expect(actions.filter((a) => a === 'person.deprovision')).toHaveLength(2);
    expect(actions.filter((a) => a === 'person.reprovision')).toHaveLength(2);
  });

  it('PUT replaces names and the active state; the e-mail cannot change', async () => {
    const res = await scim('PUT', `/Users/${id.staff}`, {
      body: {
        schemas: [SCIM_SCHEMAS.user],
        userName: 'Staff@Acme.test',
        name: { givenName: 'Sam', familyName: 'Staffer' },
        active: true,
      },
    });
    expect(res.status).toBe(200);
    expect(user(res)).toMatchObject({
      name: { givenName: 'Sam', familyName: 'Staffer' },
      displayName: 'Sam Staffer',
    });
    expect((await auditOf(id.staff)).map((r) => r.action)).toContain('person.edit');
    const renamed = await scim('PUT', `/Users/${id.staff}`, { body: { userName: 'other@acme.test' } });
    expect(renamed.status).toBe(400);
    expect(renamed.body).toMatchObject({ scimType: 'mutability' });
  });
});

describe('malformed calls are 400 SCIM errors, never 500 or the envelope', () => {
  it.each([
    ['no Operations', { schemas: [PATCH_OP] }],
    ['empty Operations', patch()],
    ['an unknown op', patch({ op: 'frobnicate', path: 'active', value: false })],
    ['active that is not a boolean', patch({ op: 'replace', path: 'active', value: 'maybe' })],
    ['a path-less value that is not an object', patch({ op: 'replace', value: false })],
    ['removing active', patch({ op: 'remove', path: 'active' })],
    ['a name that is not text', patch({ op: 'replace', path: 'name.givenName', value: { x: 1 } })],
    ['not an object at all', [1, 2, 3]],
  ])('%s', async (_, body) => {
    const res = await scim('PATCH', `/Users/${id.staff}`, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '400' });
    expect(res.body).not.toHaveProperty('success');
    expect((await accountOf(id.staff))?.disabledAt).toBeNull();
  });

  it('a body that is not JSON', async () => {
    const res = await scim('PATCH', `/Users/${id.staff}`, { raw: '{"Operations": [' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '400' });
  });

  it('a User without an e-mail address', async () => {
    const res = await scim('POST', '/Users', { body: { userName: 'just-a-login' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ scimType: 'invalidValue' });
  });
});

describe('provisioning', () => {
  it('POST provisions a new person with the default role, as SCIM made it', async () => {
    const res = await scim('POST', '/Users', {
      body: {
        schemas: [SCIM_SCHEMAS.user],
        externalId: 'grace',
        userName: 'Grace@Acme.test',
        name: { givenName: 'Grace', familyName: 'Hopper' },
        emails: [{ value: 'grace@acme.test', type: 'work', primary: true }],
        active: true,
      },
    });
    expect(res.status).toBe(201);
    const made = user(res);
    expect(made).toMatchObject({ userName: 'grace@acme.test', active: true, name: { givenName: 'Grace' } });
    expect(res.headers.location).toBe(made.meta.location);
    const [member] = await t.directory.db
      .select({ role: memberships.role, roleBySso: memberships.roleBySso })
      .from(memberships)
      .where(and(eq(memberships.userId, made.id), eq(memberships.companyId, acme)));
    expect(member).toEqual({ role: 'staff', roleBySso: true });
    expect((await auditOf(made.id)).map((r) => r.action)).toEqual(['person.provision']);
    expect(await listed('userName eq "grace@acme.test"')).toEqual(['grace@acme.test']);
  });

  it('a second POST of a member is a 409 uniqueness error', async () => {
    const res = await scim('POST', '/Users', { body: { userName: 'grace@acme.test' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '409', scimType: 'uniqueness' });
  });

  it('refuses an address outside the provider’s domains', async () => {
    const res = await scim('POST', '/Users', { body: { userName: 'someone@solo.test' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ scimType: 'invalidValue' });
  });

  it('respects active:false', async () => {
    const res = await scim('POST', '/Users', { body: { userName: 'later@acme.test', active: 'False' } });
    expect(res.status).toBe(201);
    expect(user(res).active).toBe(false);
    expect((await accountOf(user(res).id))?.disabledAt).not.toBeNull();
  });
});

describe('DELETE', () => {
  it('de-provisions and removes the membership; the account, its audit rows and its objects stay', async () => {
    const token = await loginInto(t, 'admin@acme.test', 'Acme Robotics');
    const made = await call(t.app, 'createBuilding', { token, body: { name: 'Admin’s depot' } });
    expect(made.status).toBe(200);
    const before = await auditOf(made.body.data.id);

    const res = await scim('DELETE', `/Users/${id.admin}`);
    expect(res.status).toBe(204);
    expect((await call(t.app, 'me', { token })).status).toBe(401);
    expect((await scim('GET', `/Users/${id.admin}`)).status).toBe(404);
    expect(await listed('userName eq "admin@acme.test"')).toEqual([]);
    expect(await isMember(id.admin, acme)).toBe(false);
    expect((await accountOf(id.admin))?.disabledAt).not.toBeNull();
    expect(await auditOf(made.body.data.id)).toEqual(before);
    expect(before.some((r) => r.actorId === id.admin)).toBe(true);
    const [building] = await t.regional.db
      .select()
      .from(buildings)
      .where(eq(buildings.id, made.body.data.id));
    expect(building?.name).toBe('Admin’s depot');
    const actions = (await auditOf(id.admin)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['person.deprovision', 'person.remove']));
    expect((await scim('DELETE', `/Users/${id.admin}`)).status).toBe(404);
  });

  it('a later POST brings the same account back, able to sign in', async () => {
    const res = await scim('POST', '/Users', { body: { userName: 'admin@acme.test' } });
    expect(res.status).toBe(201);
    expect(user(res)).toMatchObject({ id: id.admin, active: true });
    expect((await auditOf(id.admin)).map((r) => r.action)).toEqual(
      expect.arrayContaining(['person.provision', 'person.reprovision']),
    );
    await login(t.app, 'admin@acme.test');
  });
});
