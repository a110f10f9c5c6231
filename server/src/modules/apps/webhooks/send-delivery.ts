import { Agent, type Dispatcher } from 'undici';
import { ForbiddenAddress, forbiddenHost, guardedLookup } from './address-guard.js';
import type { SignedHeaders } from './sign-delivery.js';

/** A receiver has this long to connect and answer; a slow one is retried later, never waited on. */
const TIMEOUT_MS = 10_000;
/** Only the status matters; a receiver's answer body is read up to this, then its connection is dropped. */
const ANSWER_BYTES_MAX = 4096;
/** Connections to one receiver (scheme, host and port) at most; more deliveries wait in the agent's queue. */
export const SOCKETS_PER_RECEIVER = 8;
/**
 * An unused connection is closed after this: before the receiver closes it (Node's servers do after 5 s, most
 * others later), so a delivery is rarely written on a connection the receiver is closing at that moment.
 */
const IDLE_MS = 4000;
/** Receivers' addresses read once and kept (a few per webhook); past this many the memory starts over. */
const TARGETS_KEPT = 10_000;

export interface Attempt {
  /** 2xx: delivered. */
  ok: boolean;
  statusCode: number | null;
  /** Why it failed, in a line the delivery log shows. */
  error: string | null;
}

/*
 * Deliveries go through undici (the HTTP/1.1 client behind Node's fetch), dispatched with a handler of our own: no
 * response stream, no promise per request, and one write per request on kept-alive connections. node:http's client
 * cost twice the CPU a delivery needs beside it (docs/performance.md, "API applications and webhooks"). Redirects are
 * not followed (a 3xx is a failed attempt: it could lead to a forbidden address), and without `allowPrivate` the
 * address connected to is checked after DNS (guardedLookup), a literal one before connecting.
 */
const agentOptions = (guarded: boolean): Agent.Options => ({
  connections: SOCKETS_PER_RECEIVER,
  keepAliveTimeout: IDLE_MS,
  keepAliveMaxTimeout: IDLE_MS,
  headersTimeout: TIMEOUT_MS,
  bodyTimeout: TIMEOUT_MS,
  connect: { timeout: TIMEOUT_MS, ...(guarded ? { lookup: guardedLookup } : {}) },
});
// One pair for the process: idle connections do not keep it alive (undici unrefs them).
const agents = { guarded: new Agent(agentOptions(true)), open: new Agent(agentOptions(false)) };

type Target = { refused: null; origin: string; path: string } | { refused: Attempt };
const targets = new Map<string, Target>();

const failure = (error: string): Attempt => ({ ok: false, statusCode: null, error });

function targetOf(url: string, allowPrivate: boolean): Target {
  const key = allowPrivate ? `+${url}` : url;
  let t = targets.get(key);
  if (t) return t;
  t = readTarget(url, allowPrivate);
  if (targets.size >= TARGETS_KEPT) targets.clear();
  targets.set(key, t);
  return t;
}

function readTarget(url: string, allowPrivate: boolean): Target {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { refused: failure('not a valid address') };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { refused: failure('not a valid address') };
  if (!allowPrivate) {
    const host = forbiddenHost(u);
    if (host) return { refused: failure(new ForbiddenAddress(host).message) };
  }
  return { refused: null, origin: u.origin, path: `${u.pathname}${u.search}` };
}

/** Which receiver a webhook's address is, as connections are pooled (its origin): deliveries to one share a line. */
export function laneOf(url: string, allowPrivate: boolean): string {
  const t = targetOf(url, allowPrivate);
  return t.refused ? url : t.origin;
}

const outcome = (code: number): Attempt => ({
  ok: code >= 200 && code < 300,
  statusCode: code,
  error: code >= 200 && code < 300 ? null : `the receiver answered ${code}`,
});
const errorOf = (err: Error & { code?: string }) => (err.code ? `${err.code}: ${err.message}` : err.message);

/** POSTs one signed delivery and calls `done` once with the outcome. */
export function postDelivery(
  url: string,
  body: string,
  headers: SignedHeaders,
  allowPrivate: boolean,
  userAgent: string,
  done: (attempt: Attempt) => void,
): void {
  const target = targetOf(url, allowPrivate);
  if (target.refused) {
    done(target.refused);
    return;
  }
  let status = 0;
  let read = 0;
  let finished = false;
  const finish = (a: Attempt) => {
    if (finished) return;
    finished = true;
    done(a);
  };
  const handler: Dispatcher.DispatchHandler = {
    // Its presence tells undici this handler speaks its controller interface.
    onRequestStart: () => undefined,
    onResponseStart: (_c, statusCode) => {
      status = statusCode;
    },
    onResponseData: (controller, chunk) => {
      read += chunk.length;
      if (read <= ANSWER_BYTES_MAX) return;
      // The status is what counts: it stands, and the rest of a long answer is not read.
      finish(outcome(status));
      controller.abort(new Error('answer too long'));
    },
    onResponseEnd: () => finish(outcome(status)),
    onResponseError: (_c, err) => finish(status ? outcome(status) : failure(errorOf(err))),
  };
  const agent = allowPrivate ? agents.open : agents.guarded;
  try {
    agent.dispatch(
      {
        origin: target.origin,
        path: target.path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': userAgent,
          ...headers,
        },
        body,
      },
      handler,
    );
  } catch (err) {
    // A header value undici refuses (a line break in the product name from the configuration).
    finish(failure(errorOf(err as Error)));
  }
}

/** One delivery, answered as a promise (the test button, tests). */
export function sendDelivery(
  url: string,
  body: string,
  headers: SignedHeaders,
  allowPrivate: boolean,
  userAgent: string,
): Promise<Attempt> {
  return new Promise((resolve) => postDelivery(url, body, headers, allowPrivate, userAgent, resolve));
}
