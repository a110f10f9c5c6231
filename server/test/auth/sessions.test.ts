import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, login, outbox, type TestApp } from '../helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('sessions', () => {
  it('signs in with e-mail and answers me for the token’s company', async () => {
    const token = await login(t.app, 'owner@acme.test');
    const me = await call(t.app, 'me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      email: 'owner@acme.test',
      companyName: 'Acme Robotics',
      isOwner: true,
    });
  });

  it('accepts the token as Authorization: Bearer too', async () => {
    const token = await login(t.app, 'admin@acme.test');
    const me = await call(t.app, 'me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
  });

  it('signs in with a phone number and its prefix', async () => {
    const res = await call(t.app, 'login', {
      body: { account: '202-555-0104', phonePrefix: '+1', password: 'demo1234' },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password with 401 and the same words as an unknown account', async () => {
    const wrong = await call(t.app, 'login', { body: { account: 'solo@solo.test', password: 'nope-nope' } });
    const unknown = await call(t.app, 'login', {
      body: { account: 'nobody@solo.test', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.info).toBe(unknown.body.info);
  });

  it('logout revokes the token at once', async () => {
    const token = await login(t.app, 'staff@acme.test');
    expect((await call(t.app, 'logout', { token })).status).toBe(200);
    const after = await call(t.app, 'me', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
  });

  it('a forged or garbled token is 401', async () => {
    expect((await call(t.app, 'me', { token: 'not-a-token' })).status).toBe(401);
    const token = await login(t.app, 'staff@acme.test');
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await call(t.app, 'me', { token: forged })).status).toBe(401);
  });

  it('password reset: a single-use 6-digit code, then every session of the account ends', async () => {
    const token = await login(t.app, 'admin@acme.test');
    expect((await call(t.app, 'getVerifyCode', { body: { email: 'admin@acme.test' } })).status).toBe(200);
    const mail = (await outbox(t.dataDir)).filter((m) => m.to === 'admin@acme.test').at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const reset = await call(t.app, 'resetPassword', {
      body: { email: 'admin@acme.test', code, password: 'new-password-1' },
    });
    expect(reset.status).toBe(200);
    expect((await call(t.app, 'me', { token })).status).toBe(401);
    await login(t.app, 'admin@acme.test', 'new-password-1');

    const again = await call(t.app, 'resetPassword', {
      body: { email: 'admin@acme.test', code, password: 'another-pass-2' },
    });
    expect(again.status).toBe(400);
    expect(again.body.info).toMatch(/^body\.code: /);
  });

  it('get-verify-code answers the same whether or not the account exists', async () => {
    const known = await call(t.app, 'getVerifyCode', { body: { email: 'solo@solo.test' } });
    const unknown = await call(t.app, 'getVerifyCode', { body: { email: 'ghost@solo.test' } });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect((await outbox(t.dataDir)).some((m) => m.to === 'ghost@solo.test')).toBe(false);
  });

  it('removal from the company revokes the person’s token in it', async () => {
    const owner = await login(t.app, 'owner@acme.test');
    const staff = await login(t.app, 'staff@acme.test');
    const me = await call(t.app, 'me', { token: staff });
    expect(me.body.data.companyName).toBe('Acme Robotics');
    expect((await call(t.app, 'removePerson', { token: owner, body: { id: me.body.data.id } })).status).toBe(
      200,
    );
    expect((await call(t.app, 'me', { token: staff })).status).toBe(401);
  });

  it('failed sign-ins are rate-limited per account with 429 and Retry-After', async () => {
    const body = { account: 'solo@solo.test', password: 'wrong-password' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(t.app, 'login', { body })).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    const limited = await call(t.app, 'login', { body: { ...body, password: 'demo1234' } });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
