/**
 * SCIM de-provisioning (issue 19): how long after a provider suspends a person through SCIM
 * (`PATCH /scim/v2/Users/{id}` with `active: false`) their last session is refused. Each round signs the person in
 * BENCH_SESSIONS times (separate sessions, as separate browsers would), opens a /live connection with one of them,
 * then sends the PATCH and measures, from the moment it was sent: each session's first refused API call (401), and
 * the live connection's close. The person is let back in (`active: true`) before the next round. Reports the
 * PATCH's own time and "last session refused" (the slowest of all of a round's sessions and its live connection)
 * as median, p95 and max over BENCH_ROUNDS rounds. The goal is < 60 s.
 *
 *   npx tsx bench/sso-deprovision.ts
 *
 * Env: BENCH_ROUNDS (20), BENCH_SESSIONS (5), BENCH_DATABASE_URL (PGlite when unset). The server is a child process
 * with the demo seeded; the person is the demo's staff@acme.test, Acme's provider claims acme.test. Writes
 * bench/results/sso-deprovision.json.
 */

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api } from '@fleet/contract';
import WebSocket from 'ws';
import { runBench, sleep, startDemoServer } from './support/bench-api.js';
import { median, percentile, positiveInt, round } from './support/stats.js';
import { throwawayPostgres } from './support/throwaway-postgres.js';

const root = path.resolve(import.meta.dirname, '..');
const ROUNDS = positiveInt('BENCH_ROUNDS', 20);
const SESSIONS = positiveInt('BENCH_SESSIONS', 5);
const PERSON = 'staff@acme.test';
/** How long a session is polled before the round counts as failed: well past the goal. */
const GIVE_UP_MS = 90_000;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fc-bench-scim-'));
  const stops: Array<() => Promise<unknown>> = [];
  try {
    const pg = process.env.BENCH_DATABASE_URL
      ? await throwawayPostgres(process.env.BENCH_DATABASE_URL, dataDir)
      : null;
    if (pg) stops.push(pg.drop);
    const server = await startDemoServer({ root, dataDir, ...(pg?.url ? { databaseUrl: pg.url } : {}) });
    stops.push(server.stop);
    const { call, base } = server;

    // Acme's provider, as a super admin configures it, with its SCIM token.
    const superLogin = await call(api.login, null, {
      body: { account: 'super@fleet.test', password: 'demo1234' },
    });
    const acme = (await call(api.listOnesCompanies, superLogin.token, { query: { companyName: '' } })).find(
      (c) => c.name === 'Acme Robotics',
    );
    if (!acme) throw new Error('the demo has no Acme Robotics');
    const { token: admin } = await call(api.login, null, {
      body: { token: superLogin.token, companyId: acme.id },
    });
    await call(api.createSsoConfig, admin, {
      body: {
        issuer: 'https://login.acme.example/realms/acme',
        clientId: 'fleet-console',
        clientSecret: 'bench-secret',
        emailDomains: ['acme.test'],
      },
    });
    const { token: scim } = await call(api.createScimToken, admin);
    const scimCall = (method: string, p: string, body?: unknown) =>
      fetch(`${base}/scim/v2${p}`, {
        method,
        headers: {
          authorization: `Bearer ${scim}`,
          ...(body ? { 'content-type': 'application/scim+json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const found = (await (
      await scimCall('GET', `/Users?filter=${encodeURIComponent(`userName eq "${PERSON}"`)}`)
    ).json()) as {
      Resources: { id: string }[];
    };
    const personId = found.Resources[0]?.id;
    if (!personId) throw new Error(`SCIM does not list ${PERSON}`);
    const setActive = (active: boolean) =>
      scimCall('PATCH', `/Users/${personId}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', path: 'active', value: active }],
      });

    const patchMs: number[] = [];
    const lastRefusedMs: number[] = [];
    const apiRefusedMs: number[] = [];
    const liveClosedMs: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const tokens: string[] = [];
      for (let s = 0; s < SESSIONS; s++) {
        tokens.push((await call(api.login, null, { body: { account: PERSON, password: 'demo1234' } })).token);
      }
      const live = await openLive(base, tokens[0] ?? '');
      const sent = performance.now();
      const patched = setActive(false).then((res) => {
        if (res.status !== 200) throw new Error(`PATCH active:false answered ${res.status}`);
        return performance.now() - sent;
      });
      const refused = tokens.map((token) => firstRefusal(base, token, sent));
      const closed = live.closed.then(() => performance.now() - sent);
      const [patch, apiTimes, liveTime] = await Promise.all([patched, Promise.all(refused), closed]);
      patchMs.push(patch);
      apiRefusedMs.push(Math.max(...apiTimes));
      liveClosedMs.push(liveTime);
      lastRefusedMs.push(Math.max(...apiTimes, liveTime));
      const back = await setActive(true);
      if (back.status !== 200) throw new Error(`PATCH active:true answered ${back.status}`);
    }

    const summary = (xs: number[]) => ({
      p50: round(median(xs), 1),
      p95: round(percentile(xs, 95), 1),
      max: round(Math.max(...xs), 1),
    });
    const result = {
      database: pg ? 'postgres' : 'pglite',
      rounds: ROUNDS,
      sessionsPerRound: SESSIONS,
      patchMs: summary(patchMs),
      apiSessionsRefusedMs: summary(apiRefusedMs),
      liveConnectionClosedMs: summary(liveClosedMs),
      lastSessionRefusedMs: summary(lastRefusedMs),
      goalMs: 60_000,
      met: Math.max(...lastRefusedMs) < 60_000,
      loadAverage: os.loadavg().map((l) => round(l, 2)),
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    await mkdir(path.join(root, 'bench/results'), { recursive: true });
    await writeFile(
      path.join(root, 'bench/results/sso-deprovision.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A browser's /live connection, subscribed with the token; resolves `closed` when the server closes it. */
async function openLive(base: string, token: string) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/live`);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const snapshot = new Promise<void>((resolve) =>
    socket.on('message', (raw) => {
      if (String(raw).includes('"snapshot"')) resolve();
    }),
  );
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'subscribe', token }));
  await snapshot;
  return { closed };
}

/** Calls `me` with the token until it is refused; answers the ms from `since`. */
async function firstRefusal(base: string, token: string, since: number): Promise<number> {
  for (;;) {
    const res = await fetch(`${base}/opt/v1/user/me`, { headers: { token } });
    await res.arrayBuffer();
    if (res.status === 401) return performance.now() - since;
    if (performance.now() - since > GIVE_UP_MS) throw new Error('a session was still accepted after 90 s');
    await sleep(5);
  }
}

runBench(main);
