import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { seedDemo } from '../src/demo/seed-demo.js';
import { relay } from './db-relay.js';
import { freshDatabase, login } from './helper.js';

describe.skipIf(!process.env.TEST_DATABASE_URL)('database outage', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let proxied: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  // `||`, not `??`: the PGlite pass of npm test sets the variable to an empty string.
  const link = relay(new URL(process.env.TEST_DATABASE_URL || 'postgres://x'));

  beforeAll(async () => {
    fresh = await freshDatabase();
    await seedDemo(fresh.db.db, fresh.db.db);
    await link.start();
    const url = new URL(fresh.url ?? '');
    url.host = `127.0.0.1:${link.port()}`;
    proxied = await openDatabase(url.toString(), null);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/fc-outage',
      MQTT_PORT: '0',
      MQTT_HOST: '127.0.0.1',
    });
    app = await buildApp({ config, directory: proxied, regional: proxied, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await proxied.close();
    await link.cut();
    await fresh.drop();
  });

  it('answers 503 fast while the database is away and recovers without a restart', async () => {
    const token = await login(app, 'owner@acme.test');
    const me = () => app.inject({ url: '/opt/v1/user/me', headers: { token } });
    expect((await me()).statusCode).toBe(200);

    await link.cut();
    const started = Date.now();
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    // The instance has seen the database go (its LISTEN connection too): what it kept about callers is not used
    // while it cannot hear changes, so a call that needs the caller's session answers 503 like any other.
    const during = await me();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(5000);

    await link.start();
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
  });
});
