import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForbiddenAddress, forbiddenHost, guardedLookup, isForbiddenAddress } from './address-guard.js';
import { sendDelivery } from './send-delivery.js';
import { signDelivery } from './sign-delivery.js';

/*
 * APPS-WEBHOOK-GUARD: where a webhook may not go unless the operator allows private addresses: checked on the
 * address written in the URL, and on the address a name resolves to when the socket connects.
 */

describe('isForbiddenAddress', () => {
  it.each([
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '127.0.0.1',
    '127.8.9.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::FFFF:10.0.0.1',
    'not an address',
    '',
  ])('APPS-WEBHOOK-GUARD: %s is forbidden', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2001:4860::8888', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'APPS-WEBHOOK-GUARD: %s is allowed',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );
});

describe('forbiddenHost', () => {
  it('APPS-WEBHOOK-GUARD: a literal private address or a localhost name in the URL is named; a public one is not', () => {
    expect(forbiddenHost(new URL('http://127.0.0.1:8080/hook'))).toBe('127.0.0.1');
    expect(forbiddenHost(new URL('http://[::1]/'))).toBe('::1');
    expect(forbiddenHost(new URL('http://[::ffff:7f00:1]/'))).not.toBeNull();
    expect(forbiddenHost(new URL('http://localhost:3000/'))).toBe('localhost');
    expect(forbiddenHost(new URL('http://LOCALHOST/'))).toBe('localhost');
    expect(forbiddenHost(new URL('http://app.localhost/'))).toBe('app.localhost');
    // The URL parser turns shorthand and hexadecimal IPv4 into the dotted form first.
    expect(forbiddenHost(new URL('http://127.1/'))).toBe('127.0.0.1');
    expect(forbiddenHost(new URL('http://0x7f000001/'))).toBe('127.0.0.1');
    expect(forbiddenHost(new URL('https://8.8.8.8/hook'))).toBeNull();
    expect(forbiddenHost(new URL('https://hooks.example.com/hook'))).toBeNull();
  });
});

describe('guardedLookup', () => {
  const lookup = (host: string, options: object) =>
    new Promise<{ err: Error | null; address: unknown }>((resolve) =>
      guardedLookup(host, options as never, (err, address) => resolve({ err, address })),
    );

  it('APPS-WEBHOOK-GUARD: a name resolving to a loopback address fails with ForbiddenAddress', async () => {
    for (const options of [{}, { all: true }, { family: 4 }]) {
      const { err } = await lookup('localhost', options);
      expect(err).toBeInstanceOf(ForbiddenAddress);
      expect(err?.message).toMatch(/WEBHOOK_ALLOW_PRIVATE/);
    }
  });

  it('APPS-WEBHOOK-GUARD: a public address passes, in the form the socket asked for', async () => {
    expect(await lookup('8.8.8.8', {})).toEqual({ err: null, address: '8.8.8.8' });
    expect(await lookup('8.8.8.8', { all: true })).toEqual({
      err: null,
      address: [{ address: '8.8.8.8', family: 4 }],
    });
  });
});

describe('sendDelivery', () => {
  let hits = 0;
  let answer = 204;
  const server = createServer((req, res) => {
    hits++;
    req.resume();
    req.on('end', () =>
      res.writeHead(answer, answer === 302 ? { location: 'https://example.com/' } : {}).end(),
    );
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const body = JSON.stringify({ type: 'webhook.test', timestamp: new Date().toISOString(), data: {} });
  const headers = signDelivery(
    'whsec_c2VjcmV0c2VjcmV0c2VjcmV0',
    'msg_1',
    Math.floor(Date.now() / 1000),
    body,
  );
  const send = (url: string, allowPrivate: boolean) => sendDelivery(url, body, headers, allowPrivate, 'test');

  it('APPS-WEBHOOK-GUARD: with private addresses not allowed, a receiver on 127.0.0.1 or localhost is never reached', async () => {
    hits = 0;
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      `http://localhost:${port}/hook`,
      `http://[::1]:${port}/`,
    ]) {
      const attempt = await send(url, false);
      expect(attempt, url).toMatchObject({ ok: false, statusCode: null });
      expect(attempt.error, url).toMatch(/private or local address/);
    }
    // A name that is not "localhost" but resolves to this machine is caught when the socket resolves it.
    // (A machine whose own name does not resolve fails the lookup instead: never reached either.)
    const own = await send(`http://${hostname()}:${port}/hook`, false);
    expect(own).toMatchObject({ ok: false, statusCode: null });
    expect(own.error).toMatch(/private or local address|ENOTFOUND|EAI_AGAIN/);
    expect(hits).toBe(0);
  });

  it('APPS-WEBHOOK-GUARD: allowed, the same receiver is reached; a redirect is a failed attempt, not followed', async () => {
    hits = 0;
    answer = 204;
    expect(await send(`http://127.0.0.1:${port}/hook`, true)).toEqual({
      ok: true,
      statusCode: 204,
      error: null,
    });
    answer = 302;
    expect(await send(`http://127.0.0.1:${port}/hook`, true)).toEqual({
      ok: false,
      statusCode: 302,
      error: 'the receiver answered 302',
    });
    expect(hits).toBe(2);
  });
});
