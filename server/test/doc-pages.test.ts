import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('user guide and terms pages', () => {
  it.each([
    ['/docs/user-guide', 'Fleet Console user guide'],
    ['/docs/user-guide?lng=zh', '车队控制台使用指南'],
    ['/docs/terms', 'Terms of service'],
    ['/docs/terms?lng=zh-CN', '服务条款'],
  ])('%s is served in its language', async (url, heading) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(`<h1>${heading}</h1>`);
  });

  it('follows the browser’s language when none is asked for', async () => {
    const res = await t.app.inject({ url: '/docs/terms', headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(res.body).toContain('<html lang="zh-CN">');
  });

  it('an unknown page is not found', async () => {
    expect((await t.app.inject({ url: '/docs/secrets' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/docs/..%2Fpackage.json' })).statusCode).toBe(404);
  });
});
