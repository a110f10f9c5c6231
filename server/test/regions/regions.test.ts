import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, memberships, miniDevices, users } from '../../src/db/schema/index.js';
import { buildTestApp, call, login, type TestApp, timeUntil } from '../helper.js';

const REGIONS = [
  { label: 'United States', region: 'US', host: 'http://us.fleet.test' },
  { label: 'Europe', region: 'EU', host: 'http://eu.fleet.test' },
];

/** Two regions as two server instances: each its own operational database, one shared directory. */
describe('regions', () => {
  let us: TestApp;
  let eu: TestApp;
  let euro: string;

  beforeAll(async () => {
    us = await buildTestApp({ region: 'US', regions: REGIONS });
    eu = await buildTestApp({ region: 'EU', regions: REGIONS }, { directory: us.directory });
    const [company] = await us.directory.db
      .insert(companies)
      .values({ name: 'Euro GmbH', region: 'EU' })
      .returning();
    const [owner] = await us.directory.db.select().from(users).where(eq(users.email, 'owner@acme.test'));
    if (!company || !owner) throw new Error('fixture');
    euro = company.id;
    await us.directory.db.insert(memberships).values({ userId: owner.id, companyId: euro, role: 'owner' });
    await eu.regional.db
      .insert(miniDevices)
      .values({ companyId: euro, name: 'MINI-EU-0001', label: 'Berlin Kiosk' });
  });
  afterAll(async () => {
    await eu.close();
    await us.close();
  });

  it('lists the configured regions with their operation hosts', async () => {
    const res = await call(us.app, 'regions');
    expect(res.body.data).toEqual(REGIONS);
  });

  it('switching into a company of another region answers that region’s operation host', async () => {
    const token = await login(us.app, 'owner@acme.test');
    const res = await call(us.app, 'login', { body: { token, companyId: euro } });
    expect(res.status).toBe(200);
    expect(res.body.data.region.region).toBe('EU');
    expect(res.body.data.operationHost).toBe('http://eu.fleet.test');
  });

  it('a switch within the region carries no operation host', async () => {
    const token = await login(us.app, 'owner@acme.test');
    const [east] = await us.directory.db.select().from(companies).where(eq(companies.name, 'Acme East'));
    const res = await call(us.app, 'login', { body: { token, companyId: east?.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.operationHost).toBeUndefined();
  });

  it('a token from one region is valid in the other, and operational data is served by its own region', async () => {
    const usToken = await login(us.app, 'owner@acme.test');
    const switched = await call(us.app, 'login', { body: { token: usToken, companyId: euro } });
    const token = switched.body.data.token;

    const me = await call(eu.app, 'me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data.companyName).toBe('Euro GmbH');

    const devices = await call(eu.app, 'listCompanyMiniDevices', { token });
    expect(devices.body.data.map((d) => d.label)).toEqual(['Berlin Kiosk']);

    const elsewhere = await call(us.app, 'listCompanyMiniDevices', { token });
    expect(elsewhere.status).toBe(421);
    expect(elsewhere.body.code).toBe('WRONG_REGION');
    expect(elsewhere.body.info).toContain('http://eu.fleet.test');
  });

  it('AUTH-REVOKE-EVERYWHERE: logging out in one region ends the session in every region within 1 s', async () => {
    const token = await login(eu.app, 'owner@acme.test');
    expect((await call(us.app, 'me', { token })).status).toBe(200);
    await call(eu.app, 'logout', { token });
    // Each region keeps its callers' sessions; it hears the other's log-out through the shared directory.
    const took = await timeUntil(async () => (await call(us.app, 'me', { token })).status === 401);
    expect(took).toBeLessThan(1000);
  });
});
