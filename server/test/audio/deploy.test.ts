import net from 'node:net';
import type { AudioManifest } from '@fleet/contract';
import { SimRobot } from '@fleet/sim';
import { and, eq } from 'drizzle-orm';
import { AgvController, VirtualAgvAdapter } from 'vda-5050-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { audioDeployments, buildings, floors } from '../../src/db/schema/index.js';
import { must } from '../demo.js';
import { eventually } from '../fleet/fleet-helpers.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';
import { audioSample } from './samples/index.js';

/*
 * AUDIO-LINK: a voice pack published to robots on the broker. The simulator's robot downloads the manifest and
 * every file for real over HTTP and reports ready; a robot built on vda-5050-lib, which knows nothing of our
 * actions, refuses the download and is shown as unsupported, not retried. A robot offline at publication gets the
 * version when it comes back. Play-now is answered within a second.
 */

let t: TestApp;
let owner: string;
let mqttUrl: string;
let tower: string;
let lobby: string;
const clips: string[] = [];
const started: { stop(): Promise<void> }[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

beforeAll(async () => {
  // Robots fetch their files from the console's public URL: here, the test server itself.
  const port = await freePort();
  t = await buildTestApp({ publicUrl: `http://127.0.0.1:${port}`, audioPlayWaitMs: 1000 });
  await t.app.listen({ port, host: '127.0.0.1' });
  owner = await login(t.app, 'owner@acme.test');
  mqttUrl = `mqtt://127.0.0.1:${t.app.fleet.broker?.port}`;
  const [b] = await t.regional.db.select().from(buildings).where(eq(buildings.name, 'Acme Tower'));
  tower = must(b).id;
  const [f] = await t.regional.db.select().from(floors).where(eq(floors.buildingId, tower));
  lobby = must(f).id;
  for (const [name, format] of [
    ['Arrived', 'mp3'],
    ['Make way', 'ogg'],
  ] as const) {
    const res = await call(t.app, 'uploadAudioClip', {
      token: owner,
      query: { name, lang: 'en', purpose: 'prompt' },
      body: audioSample(format, { durationS: 2 }),
    });
    clips.push(res.body.data.id);
  }
});
afterAll(async () => {
  for (const s of started) await s.stop().catch(() => {});
  await t.close();
});

async function register(serial: string) {
  const made = await call(t.app, 'registerRobot', {
    token: owner,
    body: { name: serial, manufacturer: 'sim', serialNumber: serial, model: 'Courier', buildingId: tower },
  });
  expect(made.status, made.body.info).toBe(200);
  return made.body.data;
}

async function simRobot(serial: string, password: string) {
  const sim = new SimRobot({
    url: mqttUrl,
    manufacturer: 'sim',
    serialNumber: serial,
    password,
    pose: { x: 5, y: 5, theta: 0, mapId: lobby },
    params: { errorProbabilityPerSecond: 0 },
    stateIntervalMs: 500,
  });
  await sim.start();
  started.push(sim);
  return sim;
}

async function libRobot(serial: string, password: string) {
  const agv = new AgvController(
    { manufacturer: 'sim', serialNumber: serial },
    {
      interfaceName: 'uagv',
      vdaVersion: '2.0.0',
      transport: { brokerUrl: mqttUrl, username: `sim/${serial}`, password, heartbeat: 2 },
    },
    { agvAdapterType: VirtualAgvAdapter, publishVisualizationInterval: 1000 },
    { initialPosition: { mapId: lobby, x: 3, y: 3, theta: 0 }, vehicleSpeed: 2 },
  );
  await agv.start();
  started.push({ stop: () => agv.stop() });
  return agv;
}

const online = (robotId: string) =>
  eventually(`${robotId} online`, () => t.app.fleet.store.facts(robotId)?.connection === 'ONLINE');

async function stateOf(groupId: string, robotId: string) {
  const [row] = await t.regional.db
    .select()
    .from(audioDeployments)
    .where(and(eq(audioDeployments.groupId, groupId), eq(audioDeployments.robotId, robotId)));
  return row;
}

async function publishPack(name: string, robotIds: string[]) {
  const made = await call(t.app, 'createAudioGroup', { token: owner, body: { name, kind: 'voicePack' } });
  const id = made.body.data.id;
  const edited = await call(t.app, 'editAudioGroup', {
    token: owner,
    body: {
      id,
      content: {
        kind: 'voicePack',
        slots: [
          { lang: 'en', slot: 'arrived', clipId: must(clips[0]) },
          { lang: 'en', slot: 'makeWay', clipId: must(clips[1]) },
        ],
      },
      targets: { buildingIds: [], robotIds },
    },
  });
  expect(edited.status, edited.body.info).toBe(200);
  const published = await call(t.app, 'publishAudioGroup', {
    token: owner,
    params: { id },
    body: { onVoiceConflict: 'mine' },
  });
  expect(published.status, published.body.info).toBe(200);
  return id;
}

describe('AUDIO-LINK: a voice pack reaches robots', () => {
  it('the simulator’s robot downloads every file and is ready; a vda-5050-lib robot is shown as unsupported', async () => {
    const ours = await register('AUD-SIM-1');
    const theirs = await register('AUD-LIB-1');
    const sim = await simRobot('AUD-SIM-1', ours.credentials.password);
    await libRobot('AUD-LIB-1', theirs.credentials.password);
    await online(ours.robot.id);
    await online(theirs.robot.id);

    const groupId = await publishPack('Couriers', [ours.robot.id, theirs.robot.id]);
    const ready = await eventually('the simulated robot ready', async () => {
      const row = await stateOf(groupId, ours.robot.id);
      return row?.state === 'ready' ? row : undefined;
    });
    expect(ready).toMatchObject({ version: 1, reason: null });
    // It really fetched the files: it holds both checksums.
    const held = sim.audio?.groups.get(groupId);
    expect(held?.version).toBe(1);
    expect(held?.sha256.size).toBe(2);
    const refused = await eventually('the lib robot refused', async () => {
      const row = await stateOf(groupId, theirs.robot.id);
      return row?.state === 'unsupported' ? row : undefined;
    });
    expect(refused.reason).toMatch(/not supported/);

    const table = await call(t.app, 'audioGroupRobots', {
      token: owner,
      body: { pageIndex: 1, pageLength: 10, requestData: { groupId } },
    });
    expect(table.body.data.list.map((r) => [r.robotName, r.online, r.state])).toEqual([
      ['AUD-LIB-1', true, 'unsupported'],
      ['AUD-SIM-1', true, 'ready'],
    ]);
    // Retrying the group sends again to the failed only, never to the unsupported.
    const retry = await call(t.app, 'retryAudioGroup', { token: owner, params: { id: groupId }, body: {} });
    expect(retry.body.data.sent).toBe(0);
  });

  it('a robot offline at publication stays queued and gets the version when it comes back', async () => {
    const late = await register('AUD-SIM-LATE');
    const groupId = await publishPack('Latecomers', [late.robot.id]);
    expect((await stateOf(groupId, late.robot.id))?.state).toBe('queued');
    await simRobot('AUD-SIM-LATE', late.credentials.password);
    await eventually(
      'ready after coming online',
      async () => (await stateOf(groupId, late.robot.id))?.state === 'ready',
    );
  });

  it('new rules for a building send its robots their versions again, each robot ready again with a new action', async () => {
    const r = await register('AUD-SIM-RULES');
    await simRobot('AUD-SIM-RULES', r.credentials.password);
    await online(r.robot.id);
    const groupId = await publishPack('Rules change', [r.robot.id]);
    const first = await eventually('ready', async () => {
      const row = await stateOf(groupId, r.robot.id);
      return row?.state === 'ready' ? row : undefined;
    });
    const edited = await call(t.app, 'editAudioBuildingRules', {
      token: owner,
      body: { buildingId: tower, quietHours: [], volumeCap: 90 },
    });
    expect(edited.status, edited.body.info).toBe(200);
    const again = await eventually('ready again with a new action', async () => {
      const row = await stateOf(groupId, r.robot.id);
      return row?.state === 'ready' && row.actionId !== first.actionId ? row : undefined;
    });
    expect(again.actionId).not.toBeNull();
  });

  it('robots coming online together are looked up for their queued clips in one query, and each is sent its download', async () => {
    const robots = await Promise.all(['AUD-TOGETHER-1', 'AUD-TOGETHER-2', 'AUD-TOGETHER-3'].map(register));
    const groupId = await publishPack(
      'Together',
      robots.map((r) => r.robot.id),
    );
    const lookups = vi.spyOn(t.app.audio, 'sendQueued');
    try {
      const at = Date.now();
      for (const r of robots) t.app.fleet.store.applyConnection(r.robot.id, 'ONLINE', at);
      await eventually('every robot sent its download', async () => {
        const rows = await Promise.all(robots.map((r) => stateOf(groupId, r.robot.id)));
        return rows.every((row) => row?.actionId);
      });
      expect(lookups).toHaveBeenCalledTimes(1);
      expect(lookups.mock.calls[0]?.[0].robotIds).toEqual(
        expect.arrayContaining(robots.map((r) => r.robot.id)),
      );
    } finally {
      lookups.mockRestore();
    }
  });

  it('the manifest is the robot’s alone: its building’s rules, its languages, links to the version’s files', async () => {
    const r = await register('AUD-SIM-MANIFEST');
    await call(t.app, 'editAudioBuildingRules', {
      token: owner,
      body: { buildingId: tower, quietHours: [{ from: '22:00', to: '07:00' }], volumeCap: 70 },
    });
    const groupId = await publishPack('Manifest check', [r.robot.id]);
    const { manifestUrl } = t.app.audio.robotLink(r.robot.id, groupId, 1);
    const manifest = (await (await fetch(manifestUrl)).json()) as AudioManifest;
    expect(manifest).toMatchObject({
      groupId,
      kind: 'voicePack',
      version: 1,
      rules: {
        timeZone: 'America/Los_Angeles',
        quietHours: [{ from: '22:00', to: '07:00' }],
        volumeCap: 70,
        silentInLift: true,
      },
    });
    expect(manifest.files).toHaveLength(2);
    const file = await fetch(must(manifest.files[0]).url, { headers: { range: 'bytes=0-3' } });
    expect(file.status).toBe(206);
    expect((await file.arrayBuffer()).byteLength).toBe(4);
    // Another robot's link to the same version finds nothing: it is not among the group's robots.
    const other = await register('AUD-SIM-OTHER');
    const foreign = await fetch(t.app.audio.robotLink(other.robot.id, groupId, 1).manifestUrl);
    expect(foreign.status).toBe(404);
    await foreign.arrayBuffer();
  });
});

describe('AUDIO-PLAY: play now', () => {
  it('the simulated robot acknowledges within a second; the lib robot answers unsupported', async () => {
    const ours = await register('AUD-SIM-PLAY');
    const theirs = await register('AUD-LIB-PLAY');
    await simRobot('AUD-SIM-PLAY', ours.credentials.password);
    await libRobot('AUD-LIB-PLAY', theirs.credentials.password);
    await online(ours.robot.id);
    await online(theirs.robot.id);
    await call(t.app, 'editAudioBuildingRules', {
      token: owner,
      body: { buildingId: tower, quietHours: [], volumeCap: 60 },
    });
    const played = await call(t.app, 'playAudioNow', {
      token: owner,
      body: { robotId: ours.robot.id, clipId: must(clips[0]), volume: 90 },
    });
    expect(played.status, played.body.info).toBe(200);
    expect(played.body.data).toMatchObject({ outcome: 'acknowledged', volume: 60 });
    expect(played.body.data.answeredInMs).toBeLessThan(1000);
    const stopped = await call(t.app, 'stopAudio', { token: owner, body: { robotId: ours.robot.id } });
    expect(stopped.body.data.outcome).toBe('acknowledged');

    const refused = await call(t.app, 'playAudioNow', {
      token: owner,
      body: { robotId: theirs.robot.id, clipId: must(clips[0]) },
    });
    expect(refused.body.data).toMatchObject({ outcome: 'unsupported' });
  });

  it('refuses before sending: an offline robot, and quiet hours in the robot’s building', async () => {
    const r = await register('AUD-SIM-QUIET');
    const offline = await call(t.app, 'playAudioNow', {
      token: owner,
      body: { robotId: r.robot.id, clipId: must(clips[0]) },
    });
    expect(offline.status).toBe(409);
    expect(offline.body).toMatchObject({ refusal: { rule: 'robotOffline' } });
    await simRobot('AUD-SIM-QUIET', r.credentials.password);
    await online(r.robot.id);
    // Quiet all day (a window whose ends meet) in the tower.
    await call(t.app, 'editAudioBuildingRules', {
      token: owner,
      body: { buildingId: tower, quietHours: [{ from: '00:00', to: '00:00' }], volumeCap: 60 },
    });
    const quiet = await call(t.app, 'playAudioNow', {
      token: owner,
      body: { robotId: r.robot.id, clipId: must(clips[0]) },
    });
    expect(quiet.status).toBe(409);
    expect(quiet.body).toMatchObject({ refusal: { rule: 'quietHours' } });
    await call(t.app, 'editAudioBuildingRules', {
      token: owner,
      body: { buildingId: tower, quietHours: [], volumeCap: 100 },
    });
  });
});
