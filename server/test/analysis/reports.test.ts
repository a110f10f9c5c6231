import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { addDays, localDateOf } from '@fleet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisReports, robots } from '../../src/db/schema/index.js';
import { buildTestApp, call, login, outbox, type TestApp } from '../helper.js';

/*
 * ANALYSIS-REPORTS: a subscription sends its mail once when it is due, with the ranking attached, however many
 * passes look at it at the same time; a KPI alert goes once per run of days that miss the target.
 */

let t: TestApp;
let owner: string;
let hall: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner@acme.test');
  const made = await call(t.app, 'createBuilding', {
    token: owner,
    body: { name: 'Report Hall', timeZone: 'UTC' },
  });
  hall = made.body.data.id;
  const robot = await call(t.app, 'registerRobot', {
    token: owner,
    body: { name: 'Sleeper', model: 'S1', manufacturer: 'acme', serialNumber: 'SLEEP-1', buildingId: hall },
  });
  // Registered over two weeks ago and never heard from since: offline all day, every day, so that the last
  // complete week (and day) has its record whatever weekday the test runs on.
  await t.regional.db
    .update(robots)
    .set({ createdAt: new Date(Date.now() - 16 * 86_400_000) })
    .where(eq(robots.id, robot.body.data.robot.id));
  await t.app.analysis.run();
}, 60_000);
afterAll(() => t.close());

const report = (over: Record<string, unknown> = {}) => ({
  name: 'Daily ops',
  recipients: ['ops@acme.test', 'boss@acme.test'],
  frequency: 'daily' as const,
  sendAt: '06:30',
  timeZone: 'Europe/Berlin',
  language: 'en' as const,
  units: 'metric' as const,
  format: 'xlsx' as const,
  buildingIds: [hall],
  enabled: true,
  ...over,
});

describe('ANALYSIS-REPORTS', () => {
  it('a new subscription is due at its next time of day in its zone', async () => {
    const res = await call(t.app, 'saveAnalysisReport', { token: owner, body: report() });
    expect(res.status, res.body.info).toBe(200);
    const next = new Date(res.body.data.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000 + 3_600_000);
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', timeStyle: 'short' }).format(next),
    ).toBe('06:30');
  });

  it('sends one mail per recipient at its time, with the ranking attached, though two passes look at once', async () => {
    const made = await call(t.app, 'saveAnalysisReport', { token: owner, body: report({ name: 'Due now' }) });
    await t.regional.db
      .update(analysisReports)
      .set({ nextRunAt: new Date(Date.now() - 60_000) })
      .where(eq(analysisReports.id, made.body.data.id));
    const before = (await outbox(t.dataDir)).length;
    const [a, b] = await Promise.all([t.app.analysisReports.tick(), t.app.analysisReports.tick()]);
    expect(a.reports + b.reports).toBe(1);
    const mails = (await outbox(t.dataDir)).slice(before).filter((m) => m.subject.includes('Due now'));
    expect(mails.map((m) => m.to).sort()).toEqual(['boss@acme.test', 'ops@acme.test']);
    expect(mails[0]?.text).toContain('Availability (%): 0');
    const files = (await readdir(path.join(t.dataDir, 'outbox'))).filter((f) => f.endsWith('.xlsx'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    const list = await call(t.app, 'listAnalysisReports', { token: owner });
    const sent = list.body.data.find((r) => r.id === made.body.data.id);
    expect(new Date(sent?.nextRunAt ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(sent?.lastSentAt).not.toBeNull();
    // Nothing is due any more: a further pass sends nothing.
    expect((await t.app.analysisReports.tick()).reports).toBe(0);
  });

  it('send-now mails the last complete period at once, in Chinese when asked', async () => {
    const made = await call(t.app, 'saveAnalysisReport', {
      token: owner,
      body: report({
        name: '周报',
        frequency: 'weekly',
        language: 'zh',
        format: 'csv',
        recipients: ['zh@acme.test'],
      }),
    });
    const res = await call(t.app, 'sendAnalysisReport', { token: owner, params: { id: made.body.data.id } });
    expect(res.body.data).toEqual({ sentTo: ['zh@acme.test'] });
    const mail = (await outbox(t.dataDir)).filter((m) => m.to === 'zh@acme.test').at(-1);
    expect(mail?.subject).toContain('机器人运营报告');
    expect(mail?.text).toContain('可用率 (%)');
  });

  it('a bad subscription is refused by its fields', async () => {
    const res = await call(t.app, 'saveAnalysisReport', {
      token: owner,
      body: report({ recipients: ['not-an-address'], sendAt: '25:00', timeZone: 'Mars/Olympus' }),
    });
    expect(res.status).toBe(400);
    const text = JSON.stringify(res.body);
    for (const field of ['recipients', 'sendAt', 'timeZone']) expect(text).toContain(field);
  });

  it('an alert goes once when its KPI missed the target on its number of days, not again the next pass', async () => {
    await call(t.app, 'saveAnalysisSetting', {
      token: owner,
      body: {
        kind: 'targets',
        scope: { kind: 'building', id: hall },
        effectiveFrom: addDays(localDateOf(Date.now(), 'UTC'), -10),
        value: { availability: 0.9 },
      },
    });
    const alert = await call(t.app, 'saveAnalysisAlert', {
      token: owner,
      body: {
        name: 'Hall down',
        kpi: 'availability',
        days: 2,
        buildingIds: [hall],
        recipients: ['alerts@acme.test'],
        language: 'en',
        enabled: true,
      },
    });
    expect(alert.status, alert.body.info).toBe(200);
    expect((await t.app.analysisReports.tick()).alerts).toBe(1);
    expect((await t.app.analysisReports.tick()).alerts).toBe(0);
    const mail = (await outbox(t.dataDir)).filter((m) => m.to === 'alerts@acme.test');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('Availability missed its target on each of the last 2 days');
  });
});
