import { HISTORY_POINTS_MAX } from '@fleet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robotStateSamples, robots } from '../../src/db/schema/index.js';
import { companyIdOf, must } from '../demo.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

let t: TestApp;
let owner: string;
let acme: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner@acme.test');
  acme = await companyIdOf(t, 'Acme Robotics');
});
afterAll(() => t.close());

async function robotWithSamples(serialNumber: string, ages: number[]) {
  // Written to the table, not registered: a registration is itself a change the fleet's recorder samples.
  const [robot] = await t.regional.db
    .insert(robots)
    .values({ companyId: acme, name: serialNumber, manufacturer: 'hist', serialNumber, model: 'R1' })
    .returning({ id: robots.id });
  const robotId = must(robot).id;
  const now = Date.now();
  const rows = ages.map((ageMs, i) => ({
    companyId: acme,
    robotId,
    at: new Date(now - ageMs),
    status: i % 2 ? ('working' as const) : ('idle' as const),
    connection: 'ONLINE',
    battery: 100 - (i % 100),
    charging: false,
    errorCount: 0,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.regional.db.insert(robotStateSamples).values(rows.slice(i, i + 500));
  return robotId;
}

const HOUR = 3_600_000;
const history = (id: string, hours?: number, token = owner) =>
  call(t.app, 'robotHistory', { token, params: { id }, query: { hours } });

describe('robot history', () => {
  it('answers the samples of the window oldest first, with status, battery, charging and connection', async () => {
    const id = await robotWithSamples('H-1', [30 * HOUR, 5 * HOUR, 3 * HOUR, 1 * HOUR]);
    const res = await history(id);
    expect(res.status).toBe(200);
    expect(res.body.data.robotId).toBe(id);
    expect(res.body.data.samples).toHaveLength(3);
    const times = res.body.data.samples.map((s) => Date.parse(s.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(res.body.data.samples[0]).toEqual({
      at: expect.any(String),
      status: 'working',
      battery: 99,
      charging: false,
      connection: 'ONLINE',
    });
    expect((await history(id, 48)).body.data.samples).toHaveLength(4);
  });

  it('thins a day of samples to at most 500 points, keeping the newest', async () => {
    const ages = Array.from({ length: 2000 }, (_, i) => i * 43_000 + 500);
    const id = await robotWithSamples('H-2', ages);
    const res = await history(id, 24);
    const samples = res.body.data.samples;
    expect(samples.length).toBeLessThanOrEqual(HISTORY_POINTS_MAX);
    expect(samples.length).toBeGreaterThan(HISTORY_POINTS_MAX * 0.9);
    const times = samples.map((s) => Date.parse(s.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.now() - must(times.at(-1))).toBeLessThan(60_000);
  });

  it('refuses more than 72 hours naming the field', async () => {
    const id = await robotWithSamples('H-3', []);
    const res = await history(id, 73);
    expect(res.status).toBe(400);
    expect(res.body.info).toBe('query.hours: at most 72');
    expect((await history(id, 0)).body.info).toBe('query.hours: at least 1');
  });

  it('another company’s robot is not found', async () => {
    const id = await robotWithSamples('H-4', [HOUR]);
    const res = await history(id, 24, await login(t.app, 'solo@solo.test'));
    expect(res.status).toBe(404);
  });
});
