import http from 'node:http';
import https from 'node:https';
import { ForbiddenAddress, forbiddenHost, guardedLookup } from './address-guard.js';
import type { SignedHeaders } from './sign-delivery.js';

/** A receiver has this long to answer; a slow one is retried later, never waited on. */
const TIMEOUT_MS = 10_000;
/** Only the status matters; a receiver's answer body is read up to this and dropped. */
const ANSWER_BYTES_MAX = 4096;

export interface Attempt {
  /** 2xx: delivered. */
  ok: boolean;
  statusCode: number | null;
  /** Why it failed, in a line the delivery log shows. */
  error: string | null;
}

const agents = {
  guarded: {
    http: new http.Agent({ keepAlive: true, maxSockets: 8, lookup: guardedLookup }),
    https: new https.Agent({ keepAlive: true, maxSockets: 8, lookup: guardedLookup }),
  },
  open: {
    http: new http.Agent({ keepAlive: true, maxSockets: 8 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 8 }),
  },
};

/**
 * POSTs one signed delivery. Redirects are not followed (a 3xx is a failed attempt: a redirect could lead to a
 * forbidden address), and with `allowPrivate` false the address connected to is checked after DNS.
 */
export function sendDelivery(
  url: string,
  body: string,
  headers: SignedHeaders,
  allowPrivate: boolean,
  userAgent: string,
): Promise<Attempt> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ ok: false, statusCode: null, error: 'not a valid address' });
  }
  if (!allowPrivate) {
    const host = forbiddenHost(target);
    if (host)
      return Promise.resolve({ ok: false, statusCode: null, error: new ForbiddenAddress(host).message });
  }
  const secure = target.protocol === 'https:';
  const pool = allowPrivate ? agents.open : agents.guarded;
  return new Promise((resolve) => {
    const request = (secure ? https : http).request(
      target,
      {
        method: 'POST',
        agent: secure ? pool.https : pool.http,
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': userAgent,
          ...headers,
        },
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_BYTES_MAX) response.destroy();
        });
        const code = response.statusCode ?? 0;
        const done = () =>
          resolve({
            ok: code >= 200 && code < 300,
            statusCode: code,
            error: code >= 200 && code < 300 ? null : `the receiver answered ${code}`,
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ ok: false, statusCode: null, error: err.code ? `${err.code}: ${err.message}` : err.message }),
    );
    request.end(body);
  });
}
