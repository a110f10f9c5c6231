import { LIVE_CLOSE } from '@fleet/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../src/app.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { sessions, users } from '../../src/db/schema/index.js';
import { buildTestApp, call, login, outbox, type TestApp, timeUntil } from '../helper.js';

const refused = (app: FastifyInstance, token: string) => async () =>
  (await call(app, 'me', { token })).status === 401;

async function userId(t: TestApp, email: string): Promise<string> {
  const [row] = await t.directory.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(email);
  return row.id;
}

describe('AUTH-REVOKE-EVERYWHERE on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('a session ended by a write from outside this instance (as another instance’s) is refused within 1 s', async () => {
    const token = await login(t.app, 'staff@acme.test');
    // Asked twice: the second answer comes from what this instance keeps.
    expect((await call(t.app, 'me', { token })).status).toBe(200);
    expect((await call(t.app, 'me', { token })).status).toBe(200);
    const id = await userId(t, 'staff@acme.test');
    await t.directory.db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.userId, id));
    expect(await timeUntil(refused(t.app, token))).toBeLessThan(1000);
  });

  it('AUTH-CHANGE-EVERYWHERE: a profile changed from outside this instance shows within 1 s', async () => {
    const token = await login(t.app, 'admin@acme.test');
    expect((await call(t.app, 'me', { token })).body.data.firstName).not.toBe('Renamed');
    const id = await userId(t, 'admin@acme.test');
    await t.directory.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, id));
    const took = await timeUntil(
      async () => (await call(t.app, 'me', { token })).body.data.firstName === 'Renamed',
    );
    expect(took).toBeLessThan(1000);
  });
});

// PGlite lives inside one process: several instances need PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('AUTH-REVOKE-EVERYWHERE across two instances', () => {
  let a: TestApp;
  let other: Database;
  let b: FastifyInstance;
  let bUrl: string;

  beforeAll(async () => {
    a = await buildTestApp();
    // A second instance of the same deployment: its own connections to the same database, its own broker.
    other = await openDatabase(a.databaseUrl, null);
    b = await buildApp({ config: a.config, directory: other, regional: other, logger: false });
    bUrl = await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b.close();
    await other.close();
    await a.close();
  });

  /** Signed in on A, known to B (B has answered the token, so it keeps the session). */
  async function signedInOnBoth(email: string): Promise<string> {
    const token = await login(a.app, email);
    expect((await call(b, 'me', { token })).status).toBe(200);
    expect((await call(b, 'me', { token })).status).toBe(200);
    return token;
  }

  it('AUTH-LOGOUT on one instance refuses the token on the other within 1 s', async () => {
    const token = await signedInOnBoth('staff@acme.test');
    expect((await call(a.app, 'logout', { token })).status).toBe(200);
    expect(await timeUntil(refused(b, token))).toBeLessThan(1000);
  });

  it('AUTH-RESET-PASSWORD on one instance ends the sessions on the other within 1 s', async () => {
    const token = await signedInOnBoth('admin@acme.test');
    expect((await call(a.app, 'getVerifyCode', { body: { email: 'admin@acme.test' } })).status).toBe(200);
    const mail = (await outbox(a.dataDir)).filter((m) => m.to === 'admin@acme.test').at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    const reset = await call(a.app, 'resetPassword', {
      body: { email: 'admin@acme.test', code, password: 'new-password-1' },
    });
    expect(reset.status).toBe(200);
    expect(await timeUntil(refused(b, token))).toBeLessThan(1000);
  });

  it('AUTH-CHANGE-EVERYWHERE: an administrator made on one instance is one on the other within 1 s', async () => {
    const owner = await login(a.app, 'owner@acme.test');
    const token = await signedInOnBoth('staff@acme.test');
    expect((await call(b, 'me', { token })).body.data.isAdmin).toBe(false);
    const made = await call(a.app, 'setAdmin', {
      token: owner,
      body: { userId: await userId(a, 'staff@acme.test') },
    });
    expect(made.status).toBe(200);
    const took = await timeUntil(async () => (await call(b, 'me', { token })).body.data.isAdmin);
    expect(took).toBeLessThan(1000);
  });

  it('a person removed on one instance is refused on the other, and their live view there closes, within 1 s', async () => {
    const owner = await login(a.app, 'owner@acme.test');
    const token = await signedInOnBoth('staff@acme.test');
    const socket = new WebSocket(`${bUrl.replace('http', 'ws')}/live`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const subscribed = new Promise((resolve) => socket.once('message', resolve));
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', token }));
    await subscribed;
    const removed = await call(a.app, 'removePerson', {
      token: owner,
      body: { id: await userId(a, 'staff@acme.test') },
    });
    expect(removed.status).toBe(200);
    const started = Date.now();
    expect(await closed).toBe(LIVE_CLOSE.unauthorized);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await timeUntil(refused(b, token))).toBeLessThan(1000);
  });
});
