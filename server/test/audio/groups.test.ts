import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioDeployments, audioVoiceWinners, buildings, robots } from '../../src/db/schema/index.js';
import { must } from '../demo.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';
import { audioSample } from './samples/index.js';

/*
 * AUDIO-GROUPS, AUDIO-PUBLISH: drafts checked against the company's clips, buildings and robots; publication as
 * numbered versions with a row per target robot; rollback; two voice packs meeting on a robot's language.
 * The robots here are registered but not connected: every row stays queued (a robot online gets its download:
 * deploy.test.ts).
 */

let t: TestApp;
let owner: string;
let solo: string;
let tower: string;
const clip: Record<string, string> = {};
const robot: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner@acme.test');
  solo = await login(t.app, 'solo@solo.test');
  const [b] = await t.regional.db.select().from(buildings).where(eq(buildings.name, 'Acme Tower'));
  tower = must(b).id;
  for (const [key, lang, durationS] of [
    ['hello', 'en', 1],
    ['nihao', 'zh', 1],
    ['music', null, 90],
    ['chime', null, 1],
  ] as const) {
    const res = await call(t.app, 'uploadAudioClip', {
      token: owner,
      query: { name: key, purpose: durationS > 60 ? 'playlist' : 'prompt', ...(lang ? { lang } : {}) },
      body: audioSample('mp3', { durationS }),
    });
    expect(res.status, res.body.info).toBe(200);
    clip[key] = res.body.data.id;
  }
  for (const name of ['Ada', 'Bo']) {
    const res = await call(t.app, 'registerRobot', {
      token: owner,
      body: { name, manufacturer: 'acme', serialNumber: `AUD-${name}`, model: 'R1', buildingId: tower },
    });
    robot[name] = res.body.data.robot.id;
  }
});
afterAll(() => t.close());

const voicePack = async (
  name: string,
  slots: { lang: string; slot: string; clipId: string }[],
  robotIds: string[],
) => {
  const made = await call(t.app, 'createAudioGroup', { token: owner, body: { name, kind: 'voicePack' } });
  expect(made.status, made.body.info).toBe(200);
  const id = made.body.data.id;
  const edited = await call(t.app, 'editAudioGroup', {
    token: owner,
    body: { id, content: { kind: 'voicePack', slots } as never, targets: { buildingIds: [], robotIds } },
  });
  expect(edited.status, edited.body.info).toBe(200);
  return id;
};

const rows = (groupId: string) =>
  t.regional.db.select().from(audioDeployments).where(eq(audioDeployments.groupId, groupId));

describe('AUDIO-GROUPS: drafts', () => {
  it('a new group is an empty draft; names are unique in the company', async () => {
    const made = await call(t.app, 'createAudioGroup', {
      token: owner,
      body: { name: 'Lobby', kind: 'playlist' },
    });
    expect(made.body.data).toMatchObject({
      kind: 'playlist',
      activeVersion: null,
      draftChanged: true,
      versions: [],
      content: { kind: 'playlist', items: [] },
    });
    const again = await call(t.app, 'createAudioGroup', {
      token: owner,
      body: { name: 'Lobby', kind: 'voicePack' },
    });
    expect(again.status).toBe(400);
    expect(again.body.info).toMatch(/^body\.name: a group named “Lobby” exists already/);
    // Another company may use the name.
    expect(
      (await call(t.app, 'createAudioGroup', { token: solo, body: { name: 'Lobby', kind: 'playlist' } }))
        .status,
    ).toBe(403);
  });

  it('refuses a draft naming clips, buildings or robots that are not the company’s, all at once with their paths', async () => {
    const made = await call(t.app, 'createAudioGroup', {
      token: owner,
      body: { name: 'Checks', kind: 'voicePack' },
    });
    const res = await call(t.app, 'editAudioGroup', {
      token: owner,
      body: {
        id: made.body.data.id,
        content: {
          kind: 'voicePack',
          slots: [
            { lang: 'en', slot: 'arrived', clipId: '00000000-0000-4000-8000-000000000000' },
            { lang: 'zh', slot: 'arrived', clipId: must(clip.hello) },
            { lang: 'en', slot: 'makeWay', clipId: must(clip.music) },
          ],
        },
        targets: { buildingIds: ['00000000-0000-4000-8000-000000000001'], robotIds: [] },
      },
    });
    expect(res.status).toBe(400);
    expect(
      (res.body as { issues?: { path: string; rule: string }[] }).issues?.map(
        (i: { path: string; rule: string }) => [i.path, i.rule],
      ),
    ).toEqual([
      ['body.content.slots.0.clipId', 'noSuchClip'],
      ['body.content.slots.1.clipId', 'slotClipLang'],
      ['body.content.slots.2.clipId', 'slotClipTooLong'],
      ['body.targets.buildingIds.0', 'noSuchBuilding'],
    ]);
  });

  it('refuses content of the other kind, and an empty group at publication', async () => {
    const made = await call(t.app, 'createAudioGroup', {
      token: owner,
      body: { name: 'Kinds', kind: 'playlist' },
    });
    const id = made.body.data.id;
    const wrong = await call(t.app, 'editAudioGroup', {
      token: owner,
      body: { id, content: { kind: 'voicePack', slots: [] } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.info).toMatch(/^body\.content\.kind/);
    await call(t.app, 'editAudioGroup', {
      token: owner,
      body: { id, targets: { buildingIds: [tower], robotIds: [] } },
    });
    const empty = await call(t.app, 'publishAudioGroup', { token: owner, params: { id }, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.info).toMatch(/^body\.content\.items: add at least one clip/);
  });
});

describe('AUDIO-GROUPS: a playlist schedule', () => {
  it('refuses dates out of order, a weekday twice, a window not HH:MM and a volume over 100, each by its path', async () => {
    const made = await call(t.app, 'createAudioGroup', {
      token: owner,
      body: { name: 'Schedule checks', kind: 'playlist' },
    });
    const res = await call(t.app, 'editAudioGroup', {
      token: owner,
      body: {
        id: made.body.data.id,
        content: {
          kind: 'playlist',
          items: [{ clipId: must(clip.music) }],
          schedule: {
            validFrom: '2026-12-24',
            validTo: '2026-12-01',
            weekdays: [1, 1],
            windows: [{ from: '8:00', to: '20:00' }],
            intervalS: 60,
            volume: 120,
          },
        },
      },
    });
    expect(res.status).toBe(400);
    for (const path of ['weekdays', 'windows.0.from', 'volume'])
      expect(res.body.info).toContain(`body.content.schedule.${path}`);
    const kept = await call(t.app, 'getAudioGroup', { token: owner, params: { id: made.body.data.id } });
    expect(kept.body.data.content).toMatchObject({ kind: 'playlist', items: [] });
  });
});

describe('AUDIO-PUBLISH: versions and robots', () => {
  it('publishes numbered versions with a queued row per target robot, and rolls back to the one before', async () => {
    const id = await voicePack(
      'Tower voice',
      [{ lang: 'en', slot: 'arrived', clipId: must(clip.hello) }],
      [],
    );
    await call(t.app, 'editAudioGroup', {
      token: owner,
      body: { id, targets: { buildingIds: [tower], robotIds: [] } },
    });
    // The demo's voice pack speaks English in the tower already: this one takes over.
    const v1 = await call(t.app, 'publishAudioGroup', {
      token: owner,
      params: { id },
      body: { onVoiceConflict: 'mine' },
    });
    expect(v1.status, v1.body.info).toBe(200);
    expect(v1.body.data).toMatchObject({ activeVersion: 1, draftChanged: false });
    expect(v1.body.data.versions[0]).toMatchObject({
      version: 1,
      publishedByName: 'Olivia Owens',
      restoredFrom: null,
    });
    const inTower = (await t.regional.db.select().from(robots).where(eq(robots.buildingId, tower))).map(
      (r) => r.id,
    );
    expect(inTower).toEqual(expect.arrayContaining([robot.Ada, robot.Bo]));
    const firstRows = await rows(id);
    expect(firstRows.map((r) => r.robotId).sort()).toEqual(inTower.sort());
    expect(firstRows.every((r) => r.state === 'queued' && r.version === 1)).toBe(true);
    expect(v1.body.data.deployment.queued).toBe(inTower.length);

    // Version 2 speaks Chinese too and reaches only Ada: Bo's row goes.
    await call(t.app, 'editAudioGroup', {
      token: owner,
      body: {
        id,
        content: {
          kind: 'voicePack',
          slots: [
            { lang: 'en', slot: 'arrived', clipId: must(clip.hello) },
            { lang: 'zh', slot: 'arrived', clipId: must(clip.nihao) },
          ],
        },
        targets: { buildingIds: [], robotIds: [must(robot.Ada)] },
      },
    });
    const v2 = await call(t.app, 'publishAudioGroup', { token: owner, params: { id }, body: {} });
    expect(v2.body.data).toMatchObject({ activeVersion: 2, langs: ['en', 'zh'] });
    expect((await rows(id)).map((r) => [r.robotId, r.version])).toEqual([[robot.Ada, 2]]);

    const back = await call(t.app, 'rollbackAudioGroup', { token: owner, params: { id }, body: {} });
    expect(back.status, back.body.info).toBe(200);
    expect(back.body.data.activeVersion).toBe(3);
    expect(back.body.data.versions[0]).toMatchObject({ version: 3, restoredFrom: 1 });
    // Version 1's targets (the whole tower) are back; the draft (version 2's) is kept and now differs.
    expect((await rows(id)).map((r) => r.robotId).sort()).toEqual(inTower.sort());
    expect(back.body.data.draftChanged).toBe(true);
    const clips = await call(t.app, 'searchAudioClips', {
      token: owner,
      body: { pageIndex: 1, pageLength: 50, requestData: { name: 'nihao' } },
    });
    expect(clips.body.data.list[0]?.usedBy).toEqual([
      { groupId: id, groupName: 'Tower voice', versions: [2], inDraft: true },
    ]);
  });

  it('a rollback needs a version before the active one', async () => {
    const id = await voicePack(
      'Once',
      [{ lang: 'en', slot: 'taskEnd', clipId: must(clip.hello) }],
      [must(robot.Bo)],
    );
    const none = await call(t.app, 'rollbackAudioGroup', { token: owner, params: { id }, body: {} });
    expect(none.body).toMatchObject({ refusal: { rule: 'nothingPublished' } });
    // Bo speaks English with the tower's pack already: this one takes it.
    const published = await call(t.app, 'publishAudioGroup', {
      token: owner,
      params: { id },
      body: { onVoiceConflict: 'mine' },
    });
    expect(published.status, published.body.info).toBe(200);
    const res = await call(t.app, 'rollbackAudioGroup', { token: owner, params: { id }, body: {} });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ refusal: { rule: 'noPreviousVersion' } });
  });

  it('two voice packs meeting on a robot and a language: refused until told which wins', async () => {
    const first = await voicePack(
      'First pack',
      [{ lang: 'en', slot: 'error', clipId: must(clip.hello) }],
      [must(robot.Ada), must(robot.Bo)],
    );
    // Ada and Bo may speak English with another pack from the tests above: this one takes them.
    expect(
      (
        await call(t.app, 'publishAudioGroup', {
          token: owner,
          params: { id: first },
          body: { onVoiceConflict: 'mine' },
        })
      ).status,
    ).toBe(200);
    const second = await voicePack(
      'Second pack',
      [{ lang: 'en', slot: 'error', clipId: must(clip.hello) }],
      [must(robot.Ada)],
    );

    const asked = await call(t.app, 'publishAudioGroup', { token: owner, params: { id: second }, body: {} });
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({
      refusal: { rule: 'voicePackConflict', params: { robots: 1, groups: 'First pack', langs: 'en' } },
    });
    expect(
      (await call(t.app, 'getAudioGroup', { token: owner, params: { id: second } })).body.data.activeVersion,
    ).toBeNull();

    // Theirs: the second pack is published, but Ada keeps speaking English with the first.
    const theirs = await call(t.app, 'publishAudioGroup', {
      token: owner,
      params: { id: second },
      body: { onVoiceConflict: 'theirs' },
    });
    expect(theirs.status).toBe(200);
    expect((await rows(second)).map((r) => [r.state, r.reason])).toEqual([['superseded', 'First pack']]);

    // Mine: the second pack takes Ada's English; the first pack is superseded on Ada, not on Bo.
    const mine = await call(t.app, 'publishAudioGroup', {
      token: owner,
      params: { id: second },
      body: { onVoiceConflict: 'mine' },
    });
    expect(mine.status).toBe(200);
    expect((await rows(second)).map((r) => r.state)).toEqual(['queued']);
    const firstRows = await rows(first);
    expect(firstRows.find((r) => r.robotId === robot.Ada)).toMatchObject({
      state: 'superseded',
      reason: 'Second pack',
    });
    expect(firstRows.find((r) => r.robotId === robot.Bo)?.state).toBe('queued');
    const winners = await t.regional.db
      .select()
      .from(audioVoiceWinners)
      .where(and(eq(audioVoiceWinners.robotId, must(robot.Ada)), eq(audioVoiceWinners.lang, 'en')));
    expect(winners.map((w) => w.groupId)).toEqual([second]);
  });

  it('duplicates a draft unpublished, and deletes a group with its versions and rows', async () => {
    const id = await voicePack(
      'Original',
      [{ lang: 'zh', slot: 'charging', clipId: must(clip.nihao) }],
      [must(robot.Bo)],
    );
    await call(t.app, 'publishAudioGroup', {
      token: owner,
      params: { id },
      body: { onVoiceConflict: 'mine' },
    });
    const copy = await call(t.app, 'duplicateAudioGroup', {
      token: owner,
      params: { id },
      body: { name: 'Copy' },
    });
    expect(copy.body.data).toMatchObject({
      name: 'Copy',
      activeVersion: null,
      versions: [],
      draftChanged: true,
    });
    expect(copy.body.data.content).toEqual(
      (await call(t.app, 'getAudioGroup', { token: owner, params: { id } })).body.data.content,
    );
    const removed = await call(t.app, 'removeAudioGroup', { token: owner, params: { id } });
    expect(removed.status).toBe(200);
    expect(await rows(id)).toEqual([]);
    expect((await call(t.app, 'getAudioGroup', { token: owner, params: { id } })).status).toBe(404);
  });

  it('the robots of a group, with their state, filtered by state and robot', async () => {
    const id = await voicePack(
      'Listed',
      [{ lang: 'en', slot: 'liftCall', clipId: must(clip.hello) }],
      [must(robot.Ada), must(robot.Bo)],
    );
    await call(t.app, 'publishAudioGroup', {
      token: owner,
      params: { id },
      body: { onVoiceConflict: 'theirs' },
    });
    const all = await call(t.app, 'audioGroupRobots', {
      token: owner,
      body: { pageIndex: 1, pageLength: 10, requestData: { groupId: id } },
    });
    expect(all.body.data.list.map((r) => [r.robotName, r.buildingName, r.online])).toEqual([
      ['Ada', 'Acme Tower', false],
      ['Bo', 'Acme Tower', false],
    ]);
    const bo = await call(t.app, 'audioGroupRobots', {
      token: owner,
      body: { pageIndex: 1, pageLength: 10, requestData: { groupId: id, robot: 'aud-bo' } },
    });
    expect(bo.body.data.list.map((r) => r.robotName)).toEqual(['Bo']);
  });

  it('a robot placed later in a target building joins its groups; moved away, it leaves them', async () => {
    const id = await voicePack('Joiners', [{ lang: 'fr', slot: 'arrived', clipId: must(clip.chime) }], []);
    await call(t.app, 'editAudioGroup', {
      token: owner,
      body: { id, targets: { buildingIds: [tower], robotIds: [] } },
    });
    expect((await call(t.app, 'publishAudioGroup', { token: owner, params: { id }, body: {} })).status).toBe(
      200,
    );
    const made = await call(t.app, 'registerRobot', {
      token: owner,
      body: { name: 'Cy', manufacturer: 'acme', serialNumber: 'AUD-Cy', model: 'R1', buildingId: tower },
    });
    const cy = made.body.data.robot.id;
    expect((await rows(id)).find((r) => r.robotId === cy)).toMatchObject({ state: 'queued', version: 1 });
    const [depot] = await t.regional.db
      .select()
      .from(buildings)
      .where(eq(buildings.name, 'Acme Logistics Depot'));
    await call(t.app, 'editRobot', { token: owner, body: { id: cy, buildingId: must(depot).id } });
    expect((await rows(id)).find((r) => r.robotId === cy)).toBeUndefined();
  });
});
