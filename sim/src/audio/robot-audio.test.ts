import { randomBytes, randomUUID } from 'node:crypto';
import { AUDIO_ACTION_TYPES, AUDIO_ACTIONS } from '@fleet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fleet } from '../fleet.js';
import { type ActionState, factsheetSchema, type StateMessage, stateSchema } from '../messages.js';
import { SimRobot } from '../sim-robot.js';
import { type Received, Recorder, startBroker, type TestBroker } from '../test-support/broker.js';
import { AudioTestServer, testFile } from './test-server.js';

type Params = Record<string, string | number | boolean>;

const isState =
  (base: string) =>
  (m: Received): m is Received & { json: StateMessage } =>
    m.topic === `${base}/state`;

/** Sends instant actions to a robot and follows them in its published states. */
class Console {
  private next = 0;
  constructor(
    private readonly rec: Recorder,
    private readonly base: string,
  ) {}

  /** Sends one action; returns its actionId. */
  async send(actionType: string, params: Params = {}): Promise<string> {
    const actionId = `a-${++this.next}-${randomUUID().slice(0, 8)}`;
    const action = {
      actionId,
      actionType,
      blockingType: 'NONE',
      actionParameters: Object.entries(params).map(([key, value]) => ({ key, value })),
    };
    await this.rec.client.publishAsync(
      `${this.base}/instantActions`,
      JSON.stringify({ headerId: this.next, actions: [action] }),
      { qos: 1 },
    );
    return actionId;
  }

  /** The first published state of the action in one of `statuses`. */
  async reaches(actionId: string, ...statuses: string[]): Promise<ActionState> {
    const find = (m: Received) =>
      isState(this.base)(m)
        ? m.json.actionStates.find((a) => a.actionId === actionId && statuses.includes(a.actionStatus))
        : undefined;
    const m = await this.rec.waitFor((m) => find(m) !== undefined, `${actionId} ${statuses.join('/')}`);
    return find(m) as ActionState;
  }

  /** Waits for FINISHED or FAILED. */
  ended(actionId: string): Promise<ActionState> {
    return this.reaches(actionId, 'FINISHED', 'FAILED');
  }

  /** Every status of the action in the published states, in order, each once. */
  statuses(actionId: string): string[] {
    const seen = this.rec.messages
      .filter(isState(this.base))
      .map((m) => stateSchema.parse(m.json).actionStates.find((a) => a.actionId === actionId)?.actionStatus)
      .filter((s) => s !== undefined);
    return [...new Set(seen)];
  }
}

const future = () => new Date(Date.now() + 600_000).toISOString();

function downloadParams(groupId: string, version: number, manifestUrl: string): Params {
  return { groupId, kind: 'playlist', version, manifestUrl, expiresAt: future() };
}

describe('audio actions of a SimRobot (own connection)', () => {
  const base = 'uagv/v2/acme/A-1';
  let tb: TestBroker;
  let rec: Recorder;
  let http: AudioTestServer;
  let robot: SimRobot;
  let fc: Console;

  beforeAll(async () => {
    tb = await startBroker();
    http = new AudioTestServer();
    await http.start();
    rec = await Recorder.connect(tb.url, `${base}/+`);
    robot = new SimRobot({
      url: tb.url,
      manufacturer: 'acme',
      serialNumber: 'A-1',
      pose: { x: 1, y: 1, theta: 0, mapId: 'floor-1' },
      stateIntervalMs: 1000,
      tickMs: 50,
      params: { errorProbabilityPerSecond: 0 },
      // A clip no held group knows plays this long (the test waits for its FINISHED, not for the time).
      audio: { playMs: 50 },
    });
    await robot.start();
    fc = new Console(rec, base);
  });

  afterAll(async () => {
    await robot.stop();
    await rec.close();
    await http.close();
    await tb.close();
  });

  it('advertises the audio actions in its factsheet', async () => {
    const m = await rec.waitFor((m) => m.topic === `${base}/factsheet`, 'the factsheet');
    const types = factsheetSchema.parse(m.json).protocolFeatures.agvActions.map((a) => a.actionType);
    expect(types).toEqual(expect.arrayContaining([...AUDIO_ACTION_TYPES]));
  });

  it('downloads a group: WAITING → INITIALIZING → RUNNING → FINISHED, every file fetched once', async () => {
    const files = [testFile('one-1.mp3'), testFile('one-2.mp3', 70_000)];
    for (const f of files) http.serveFile(f);
    const groupId = randomUUID();
    const url = http.serveManifest('one', { groupId, version: 1 }, files);
    const id = await fc.send(AUDIO_ACTIONS.download, downloadParams(groupId, 1, url));
    const end = await fc.ended(id);
    expect(end).toMatchObject({
      actionType: 'fcAudioDownload',
      actionStatus: 'FINISHED',
      resultDescription: 'version 1: 2 of 2 files downloaded',
    });
    expect(fc.statuses(id)).toEqual(['WAITING', 'INITIALIZING', 'RUNNING', 'FINISHED']);
    expect(http.hits.get('/manifests/one.json')).toBe(1);
    for (const f of files) expect(http.hits.get(f.path)).toBe(1);
    expect(robot.audio?.groups.get(groupId)).toMatchObject({ version: 1, kind: 'playlist' });
  });

  it('skips the files it already verified when downloading again (a new version, the same files)', async () => {
    const files = [testFile('two-1.mp3'), testFile('two-2.mp3')];
    for (const f of files) http.serveFile(f);
    const groupId = randomUUID();
    const first = await fc.send(
      AUDIO_ACTIONS.download,
      downloadParams(groupId, 1, http.serveManifest('two-v1', { groupId, version: 1 }, files)),
    );
    expect((await fc.ended(first)).actionStatus).toBe('FINISHED');
    const added = testFile('two-3.mp3');
    http.serveFile(added);
    const second = await fc.send(
      AUDIO_ACTIONS.download,
      downloadParams(groupId, 2, http.serveManifest('two-v2', { groupId, version: 2 }, [...files, added])),
    );
    expect(await fc.ended(second)).toMatchObject({
      actionStatus: 'FINISHED',
      resultDescription: 'version 2: 1 of 3 files downloaded',
    });
    expect(http.hits.get('/manifests/two-v2.json')).toBe(1);
    for (const f of files) expect(http.hits.get(f.path)).toBe(1);
    expect(http.hits.get(added.path)).toBe(1);
    expect(robot.audio?.groups.get(groupId)?.version).toBe(2);
  });

  it('fails naming the clip whose bytes do not match its sha256', async () => {
    const good = testFile('three-good.mp3');
    const bad = testFile('three-bad.mp3', 5000);
    http.serveFile(good);
    http.serveFile(bad, { bytes: randomBytes(5000) });
    const groupId = randomUUID();
    const id = await fc.send(
      AUDIO_ACTIONS.download,
      downloadParams(groupId, 1, http.serveManifest('three', { groupId, version: 1 }, [good, bad])),
    );
    const end = await fc.ended(id);
    expect(end.actionStatus).toBe('FAILED');
    expect(end.resultDescription).toMatch(new RegExp(`^clip ${bad.clipId}: checksum mismatch`));
    expect(robot.audio?.groups.has(groupId)).toBe(false);
  });

  it('fails when a file is not the size the manifest lists', async () => {
    const f = testFile('four.mp3', 3000);
    http.serveFile(f, { bytes: f.bytes.subarray(0, 2000) });
    const groupId = randomUUID();
    const id = await fc.send(
      AUDIO_ACTIONS.download,
      downloadParams(groupId, 1, http.serveManifest('four', { groupId, version: 1 }, [f])),
    );
    expect(await fc.ended(id)).toMatchObject({
      actionStatus: 'FAILED',
      resultDescription: `clip ${f.clipId}: size mismatch: 2000 bytes, the manifest says 3000`,
    });
  });

  it.each([
    [404, 'Not Found'],
    [410, 'Gone'],
  ])('fails with the status when the manifest answers %i', async (status, text) => {
    const groupId = randomUUID();
    const url = http.serveManifest(`gone-${status}`, { groupId, version: 1 }, [], status);
    const id = await fc.send(AUDIO_ACTIONS.download, downloadParams(groupId, 1, url));
    expect(await fc.ended(id)).toMatchObject({
      actionStatus: 'FAILED',
      resultDescription: `manifest: HTTP ${status} ${text}`,
    });
  });

  it('fails at once, fetching nothing, when the link has expired', async () => {
    const groupId = randomUUID();
    const url = http.serveManifest('expired', { groupId, version: 1 }, []);
    const expiresAt = new Date(Date.now() - 1000).toISOString();
    const id = await fc.send(AUDIO_ACTIONS.download, { ...downloadParams(groupId, 1, url), expiresAt });
    expect(await fc.ended(id)).toMatchObject({
      actionStatus: 'FAILED',
      resultDescription: `link expired at ${expiresAt}`,
    });
    expect(http.hits.get('/manifests/expired.json')).toBeUndefined();
  });

  it('fails when the manifest is for another version', async () => {
    const groupId = randomUUID();
    const url = http.serveManifest('other-version', { groupId, version: 3 }, []);
    const id = await fc.send(AUDIO_ACTIONS.download, downloadParams(groupId, 2, url));
    const end = await fc.ended(id);
    expect(end.actionStatus).toBe('FAILED');
    expect(end.resultDescription).toContain('version 3, not playlist');
  });

  it('fetches at most 2 files at once', async () => {
    const files = Array.from({ length: 5 }, (_, i) => testFile(`gated-${i}.mp3`, 1000));
    for (const f of files) http.serveFile(f, { gated: true });
    const groupId = randomUUID();
    const url = http.serveManifest('gated', { groupId, version: 1 }, files);
    const id = await fc.send(AUDIO_ACTIONS.download, downloadParams(groupId, 1, url));
    // Each answer waits until the robot has asked for as many files as it may at once.
    for (let left = files.length; left > 0; left--) await http.releaseOne(Math.min(2, left));
    expect((await fc.ended(id)).actionStatus).toBe('FINISHED');
    expect(http.maxInFlight).toBe(2);
  });

  it('abandons a download when its group is removed, and when a newer one supersedes it', async () => {
    const f = testFile('held-back.mp3', 1000);
    http.serveFile(f, { gated: true });
    const groupId = randomUUID();
    const url = http.serveManifest('held-back', { groupId, version: 1 }, [f]);
    const first = await fc.send(AUDIO_ACTIONS.download, downloadParams(groupId, 1, url));
    await fc.reaches(first, 'RUNNING');
    const second = await fc.send(AUDIO_ACTIONS.download, downloadParams(groupId, 1, url));
    expect(await fc.ended(first)).toMatchObject({
      actionStatus: 'FAILED',
      resultDescription: `superseded by ${second}`,
    });
    await fc.reaches(second, 'RUNNING');
    const remove = await fc.send(AUDIO_ACTIONS.remove, { groupId });
    expect(await fc.ended(remove)).toMatchObject({ actionStatus: 'FINISHED', resultDescription: 'not held' });
    expect(await fc.ended(second)).toMatchObject({
      actionStatus: 'FAILED',
      resultDescription: `group removed by ${remove}`,
    });
    expect(robot.audio?.downloading.size).toBe(0);
    // The robot hung up on its requests; answering them now changes nothing.
    http.releaseAll();
  });

  it('plays: RUNNING at once, then FINISHED', async () => {
    const id = await fc.send(AUDIO_ACTIONS.play, {
      clipId: randomUUID(),
      url: `${http.base}/not-fetched.mp3`,
      sha256: 'a'.repeat(64),
      volume: 60,
    });
    expect((await fc.ended(id)).actionStatus).toBe('FINISHED');
    expect(fc.statuses(id)).toEqual(['RUNNING', 'FINISHED']);
    expect(http.hits.get('/not-fetched.mp3')).toBeUndefined();
  });

  it('stops a play (of a held clip, which lasts as long as its manifest says)', async () => {
    const long = testFile('long.mp3', 1000, 600_000);
    http.serveFile(long);
    const groupId = randomUUID();
    const dl = await fc.send(
      AUDIO_ACTIONS.download,
      downloadParams(groupId, 1, http.serveManifest('long', { groupId, version: 1 }, [long])),
    );
    expect((await fc.ended(dl)).actionStatus).toBe('FINISHED');
    const play = await fc.send(AUDIO_ACTIONS.play, {
      clipId: long.clipId,
      url: `${http.base}${long.path}`,
      sha256: long.sha256,
      volume: 50,
    });
    await fc.reaches(play, 'RUNNING');
    expect(robot.audio?.playingActionId).toBe(play);
    const stop = await fc.send(AUDIO_ACTIONS.stop);
    expect(await fc.ended(stop)).toMatchObject({
      actionStatus: 'FINISHED',
      resultDescription: `stopped ${play}`,
    });
    expect(await fc.ended(play)).toMatchObject({ actionStatus: 'FINISHED', resultDescription: 'stopped' });
    expect(robot.audio?.playingActionId).toBeUndefined();
  });

  it('sets the volume', async () => {
    const id = await fc.send(AUDIO_ACTIONS.setVolume, { volume: 35 });
    expect(await fc.ended(id)).toMatchObject({ actionStatus: 'FINISHED', resultDescription: 'volume 35' });
    expect(robot.audio?.volume).toBe(35);
  });

  it('removes a group', async () => {
    const f = testFile('removed.mp3', 1000);
    http.serveFile(f);
    const groupId = randomUUID();
    const dl = await fc.send(
      AUDIO_ACTIONS.download,
      downloadParams(groupId, 4, http.serveManifest('removed', { groupId, version: 4 }, [f])),
    );
    expect((await fc.ended(dl)).actionStatus).toBe('FINISHED');
    const id = await fc.send(AUDIO_ACTIONS.remove, { groupId });
    expect(await fc.ended(id)).toMatchObject({
      actionStatus: 'FINISHED',
      resultDescription: 'removed version 4',
    });
    expect(robot.audio?.groups.has(groupId)).toBe(false);
  });

  it.each([
    [AUDIO_ACTIONS.setVolume, { volume: 50, loud: true }, "bad parameters: unknown parameter 'loud'"],
    [AUDIO_ACTIONS.setVolume, { volume: 150 }, 'bad parameters: volume: at most 100'],
    [AUDIO_ACTIONS.stop, { now: true }, "bad parameters: unknown parameter 'now'"],
    [AUDIO_ACTIONS.remove, {}, "bad parameters: 'groupId' is missing"],
    [AUDIO_ACTIONS.remove, { groupId: 'not-a-uuid' }, 'bad parameters: groupId: Invalid UUID'],
    [
      AUDIO_ACTIONS.download,
      { groupId: randomUUID(), kind: 'playlist', version: 1, expiresAt: future() },
      "bad parameters: 'manifestUrl' is missing",
    ],
    [
      AUDIO_ACTIONS.download,
      { groupId: randomUUID(), kind: 'playlist', version: 1, manifestUrl: 'ftp://x/m', expiresAt: future() },
      'bad parameters: manifestUrl is not an http(s) URL',
    ],
    [
      AUDIO_ACTIONS.play,
      { clipId: randomUUID(), url: 'http://x/a.mp3', sha256: 'abc', volume: 10 },
      'bad parameters: sha256 is not 64 hex digits',
    ],
  ])('fails %s with %o', async (type, params, reason) => {
    const id = await fc.send(type, params);
    expect(await fc.ended(id)).toMatchObject({ actionStatus: 'FAILED', resultDescription: reason });
    expect(fc.statuses(id)).toEqual(['FAILED']);
  });

  it('keeps its other instant actions as they were', async () => {
    const id = await fc.send('stateRequest');
    expect((await fc.ended(id)).actionStatus).toBe('FINISHED');
    expect(fc.statuses(id)).toEqual(['WAITING', 'RUNNING', 'FINISHED']);
  });
});

describe('audio actions in a fleet on a shared connection', () => {
  let tb: TestBroker;
  let rec: Recorder;
  let http: AudioTestServer;
  let fleet: Fleet;

  beforeAll(async () => {
    tb = await startBroker();
    http = new AudioTestServer();
    await http.start();
    rec = await Recorder.connect(tb.url, 'uagv/v2/acme/+/state');
    fleet = new Fleet({
      url: tb.url,
      credentials: [
        { manufacturer: 'acme', serialNumber: 'F-1', password: '' },
        { manufacturer: 'acme', serialNumber: 'F-2', password: '' },
      ],
      maps: [{ mapId: 'floor-1', bounds: { minX: 0, minY: 0, maxX: 10, maxY: 10 } }],
      wander: false,
      sharedConnections: 1,
      params: { errorProbabilityPerSecond: 0 },
    });
    await fleet.start();
  });

  afterAll(async () => {
    await fleet.stop();
    await rec.close();
    await http.close();
    await tb.close();
  });

  it('downloads on the robot it was sent to, its states published as they change', async () => {
    const files = [testFile('fleet-1.mp3'), testFile('fleet-2.mp3')];
    for (const f of files) http.serveFile(f);
    const groupId = randomUUID();
    const fc = new Console(rec, 'uagv/v2/acme/F-2');
    const id = await fc.send(
      AUDIO_ACTIONS.download,
      downloadParams(groupId, 1, http.serveManifest('fleet', { groupId, version: 1 }, files)),
    );
    expect((await fc.ended(id)).actionStatus).toBe('FINISHED');
    expect(fc.statuses(id)).toEqual(['WAITING', 'INITIALIZING', 'RUNNING', 'FINISHED']);
    const [f1, f2] = fleet.robots;
    expect(f2?.audio?.groups.has(groupId)).toBe(true);
    expect(f1?.audio).toBeUndefined();
  });
});
