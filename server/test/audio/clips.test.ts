import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, login, type TestApp } from '../helper.js';
import { audioSample, bigSample, notAudio, SAMPLE_FORMATS } from './samples/index.js';

/*
 * AUDIO-CLIPS: uploads streamed and read from their bytes, refused with the field and the reason, listened to
 * with ranges, renamed, and deleted only when no group uses them.
 */

let t: TestApp;
let owner: string;
let solo: string;

const MB = 1024 * 1024;

beforeAll(async () => {
  // Small caps, so "too large" and "too long" need no large files.
  t = await buildTestApp({
    audioCaps: {
      prompt: { maxBytes: 1 * MB, maxDurationS: 10 },
      playlist: { maxBytes: 3 * MB, maxDurationS: 120 },
    },
  });
  owner = await login(t.app, 'owner@acme.test');
  solo = await login(t.app, 'solo@solo.test');
});
afterAll(() => t.close());

const upload = (body: Buffer, query: Record<string, string>, token = owner) =>
  call(t.app, 'uploadAudioClip', { token, query, body });

describe('AUDIO-CLIPS: upload', () => {
  it.each(SAMPLE_FORMATS)(
    'takes a %s file and reads its format, duration and signal from its bytes',
    async (format) => {
      const bytes = audioSample(format, { durationS: 5 });
      const res = await upload(bytes, { name: `Five seconds ${format}`, lang: 'en', purpose: 'prompt' });
      expect(res.status, res.body.info).toBe(200);
      const clip = res.body.data;
      expect(clip.format).toBe(format);
      expect(clip.durationMs).toBeGreaterThan(4900);
      expect(clip.durationMs).toBeLessThan(5300);
      expect(clip.sampleRate).toBe(format === 'opus' ? 48_000 : 16_000);
      expect(clip.sizeBytes).toBe(bytes.length);
      expect(clip.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(clip.createdByName).toBe('Olivia Owens');
      expect(clip.usedBy).toEqual([]);
    },
  );

  it('refuses a file that is not sound whatever it is called, naming the body and what the bytes are', async () => {
    const res = await upload(notAudio('png'), { name: 'hello.mp3', purpose: 'prompt' });
    expect(res.status).toBe(400);
    expect(res.body.info).toMatch(/^body: not a sound file/);
    expect(res.body.info).toContain('png');
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', issues: [{ path: 'body', rule: 'clipNotSound' }] });
  });

  it('refuses a prompt over its size cap, and one over its duration cap, saying which and by how much', async () => {
    const large = await upload(bigSample('mp3', 1.5 * MB), { name: 'Large', purpose: 'prompt' });
    expect(large.status).toBe(400);
    expect(large.body.info).toMatch(/^body: .*a prompt clip may be at most 1 MB/);
    expect(large.body).toMatchObject({
      issues: [{ path: 'body', rule: 'clipTooLarge', params: { maxMb: 1 } }],
    });

    const long = await upload(audioSample('mp3', { durationS: 12 }), { name: 'Long', purpose: 'prompt' });
    expect(long.status).toBe(400);
    expect(long.body.info).toMatch(/^body: 12(\.\d)? s long; a prompt clip may last at most 10 s/);
    expect(long.body).toMatchObject({
      issues: [{ path: 'body', rule: 'clipTooLong', params: { maxSeconds: 10 } }],
    });

    // The same twelve seconds are fine as a playlist item.
    const item = await upload(audioSample('mp3', { durationS: 12 }), {
      name: 'Long item',
      purpose: 'playlist',
    });
    expect(item.status, item.body.info).toBe(200);
  });

  it('refuses an empty body, a JSON body, and bad fields, each naming its field', async () => {
    const empty = await upload(Buffer.alloc(0), { name: 'Empty', purpose: 'prompt' });
    expect(empty.status).toBe(400);
    expect(empty.body.info).toMatch(/^body: /);
    const json = await call(t.app, 'uploadAudioClip', {
      token: owner,
      query: { name: 'Json' },
      body: { a: 1 },
    });
    expect(json.status).toBe(400);
    expect(json.body.info).toMatch(/^body: send the file/);
    const noName = await upload(audioSample('wav'), { purpose: 'prompt' });
    expect(noName.status).toBe(400);
    expect(noName.body.info).toMatch(/^query\.name/);
    const badLang = await upload(audioSample('wav'), { name: 'x', lang: 'English!' });
    expect(badLang.status).toBe(400);
    expect(badLang.body.info).toMatch(/^query\.lang/);
  });

  it('leaves nothing behind when refused: no row, no stored file', async () => {
    const before = await call(t.app, 'searchAudioClips', {
      token: owner,
      body: { pageIndex: 1, pageLength: 200 },
    });
    await upload(notAudio('text'), { name: 'Not sound', purpose: 'prompt' });
    const after = await call(t.app, 'searchAudioClips', {
      token: owner,
      body: { pageIndex: 1, pageLength: 200 },
    });
    expect(after.body.data.totalCnt).toBe(before.body.data.totalCnt);
  });
});

describe('AUDIO-CLIPS: listen, rename, delete', () => {
  let clipId: string;
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = audioSample('wav', { durationS: 2 });
    const res = await upload(bytes, { name: 'Doorbell', purpose: 'prompt' });
    clipId = res.body.data.id;
  });

  it('plays through a link: the whole file, or the range asked for (206)', async () => {
    const link = await call(t.app, 'audioClipLink', { token: owner, params: { id: clipId } });
    expect(link.status).toBe(200);
    expect(link.body.data.url.length).toBeLessThan(100);
    const whole = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: link.body.data.url,
      headers: { range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    // A link altered by one character is no link.
    const token = link.body.data.url.split('/').at(-1) ?? '';
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await t.app.inject({ method: 'GET', url: `/opt/v1/audio/listen/${forged}` })).statusCode).toBe(
      404,
    );
  });

  it('renames a clip and sets its language; another company finds no such clip', async () => {
    const edited = await call(t.app, 'editAudioClip', {
      token: owner,
      body: { id: clipId, name: ' Door chime ', lang: 'zh' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Door chime', lang: 'zh' });
    const foreign = await call(t.app, 'editAudioClip', { token: solo, body: { id: clipId, name: 'Mine' } });
    expect([403, 404]).toContain(foreign.status);
    expect((await call(t.app, 'audioClipLink', { token: solo, params: { id: clipId } })).status).not.toBe(
      200,
    );
  });

  it('refuses to delete a clip a group uses, naming the group; deletes it once it is free', async () => {
    const group = await call(t.app, 'createAudioGroup', {
      token: owner,
      body: { name: 'Front desk', kind: 'playlist' },
    });
    const groupId = group.body.data.id;
    const content = {
      kind: 'playlist' as const,
      items: [{ clipId }],
      schedule: {
        validFrom: null,
        validTo: null,
        weekdays: [1, 2, 3, 4, 5],
        windows: [],
        intervalS: 60,
        volume: 50,
      },
    };
    expect(
      (await call(t.app, 'editAudioGroup', { token: owner, body: { id: groupId, content } })).status,
    ).toBe(200);
    const listed = await call(t.app, 'searchAudioClips', {
      token: owner,
      body: { pageIndex: 1, pageLength: 200, requestData: { name: 'door' } },
    });
    expect(listed.body.data.list[0]?.usedBy).toEqual([
      { groupId, groupName: 'Front desk', versions: [], inDraft: true },
    ]);

    const refused = await call(t.app, 'removeAudioClip', { token: owner, params: { id: clipId } });
    expect(refused.status).toBe(409);
    expect(refused.body.info).toContain('Front desk');
    expect(refused.body).toMatchObject({ refusal: { rule: 'clipInUse', params: { groups: 'Front desk' } } });

    await call(t.app, 'editAudioGroup', {
      token: owner,
      body: { id: groupId, content: { ...content, items: [] } },
    });
    const removed = await call(t.app, 'removeAudioClip', { token: owner, params: { id: clipId } });
    expect(removed.status).toBe(200);
    const link = await call(t.app, 'audioClipLink', { token: owner, params: { id: clipId } });
    expect(link.status).toBe(404);
  });
});
