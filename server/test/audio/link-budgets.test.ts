import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

/*
 * AUDIO-LINK: a signed link is counted by itself, as a token is. A building's robots behind one address fetch a
 * publication's files beyond the anonymous budget of that address; made-up links stay within it.
 */

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await buildTestApp();
  // A small budget for an address, set after the test defaults (which lift it out of the way); read per request.
  t.config.limits.perAddress = 5;
  t.config.limits.perToken = 50;
  owner = await login(t.app, 'owner@acme.test');
});
afterAll(() => t.close());

describe('AUDIO-LINK: request budgets of signed links', () => {
  it('a valid link is its own budget; forged ones count against the address', async () => {
    const clips = await call(t.app, 'searchAudioClips', {
      token: owner,
      body: { pageIndex: 1, pageLength: 1 },
    });
    const clipId = clips.body.data.list[0]?.id ?? '';
    const link = await call(t.app, 'audioClipLink', { token: owner, params: { id: clipId } });
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: link.body.data.url,
        headers: { range: 'bytes=0-0' },
      });
      expect(res.statusCode, `request ${i + 1}`).toBe(206);
    }
    const forged = `/opt/v1/audio/listen/${'A'.repeat(48)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await t.app.inject({ method: 'GET', url: forged })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });
});
