import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../helper.js';

// HARDENING-LIMITS: per-token and per-address budgets (429 with Retry-After), body and header size limits, and
// slow clients cut off; each refused the way every other failure is, without a 5xx.
let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await buildTestApp({
    limits: {
      perToken: 8,
      perAddress: 6,
      maxHeaderBytes: 8 * 1024,
      headersTimeoutMs: 1000,
      requestTimeoutMs: 2000,
      keepAliveTimeoutMs: 1000,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

const stats = (headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/opt/v1/common/stats', headers, remoteAddress: headers['x-test-ip'] ?? '127.0.0.1' });

describe('request budgets', () => {
  it('an address without a token gets its budget a minute, then 429 with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await stats({ 'x-test-ip': '10.9.0.1' }));
    expect(answers.slice(0, 6).map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const refused = answers[6];
    expect(refused?.statusCode).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', data: null });
    // Another address is not held back by the first.
    expect((await stats({ 'x-test-ip': '10.9.0.2' })).statusCode).toBe(200);
  });

  it('a token has its own budget, whatever address it comes from', async () => {
    const token = await login(t.app, 'staff@acme.test');
    const codes = [];
    for (let i = 0; i < 9; i++) {
      const res = await t.app.inject({
        url: '/opt/v1/user/me',
        headers: { token },
        remoteAddress: `10.8.0.${i}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
  });

  it('the console’s own files are not counted', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({ url: '/robots', remoteAddress: '10.7.0.1' });
      expect(res.statusCode).not.toBe(429);
    }
  });
});

describe('size limits', () => {
  it('a body over 1 MB is refused with 413 and the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/opt/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'x'.repeat(1024 * 1024 + 10), password: 'x' }),
      remoteAddress: '10.6.0.1',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('headers over the limit are refused with 431 before any route runs', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/opt/v1/common/stats`, {
      headers: { 'x-padding': 'a'.repeat(9 * 1024) },
    });
    expect(res.status).toBe(431);
  });
});

/** Opens a socket and resolves with how long the server kept it open, and what it answered. */
function hold(write: (socket: Socket) => void): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => write(socket));
    socket.on('data', (d) => {
      answer += d.toString();
    });
    socket.on('close', () => resolve({ ms: Date.now() - started, answer }));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept a slow client for over 8 s'));
    }, 8000);
  });
}

describe('slow clients', () => {
  it('a client that never finishes its headers is cut off after HEADERS_TIMEOUT_S', async () => {
    const { ms, answer } = await hold((s) =>
      s.write('GET /opt/v1/common/stats HTTP/1.1\r\nHost: x\r\nX-Slow: '),
    );
    expect(ms).toBeLessThan(4000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a client that never finishes its body is cut off after REQUEST_TIMEOUT_S', async () => {
    const { ms, answer } = await hold((s) =>
      s.write(
        'POST /opt/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"acc',
      ),
    );
    expect(ms).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('an idle kept-alive connection is closed after KEEP_ALIVE_TIMEOUT_S', async () => {
    const { ms, answer } = await hold((s) =>
      s.write('GET /opt/v1/common/regions HTTP/1.1\r\nHost: x\r\n\r\n'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeLessThan(4000);
  });
});
