import { API_SCOPES, api, RATE_LIMIT_MAX, WEBHOOK_EVENTS } from '@fleet/contract';
import type { apiCaller } from '../support/bench-api.js';

type Call = ReturnType<typeof apiCaller>;

export interface BenchApp {
  appId: string;
  accessKey: string;
  secret: string;
}

/**
 * `count` API applications of the signed-in owner's company as an integrator gets them on /app: every scope, every
 * robot of the company, no address ranges, the highest rate limit an application may have.
 */
export async function createApps(
  call: Call,
  token: string,
  count: number,
  name: string,
): Promise<BenchApp[]> {
  const apps: BenchApp[] = [];
  for (let i = 0; i < count; i++) {
    const created = await call(api.createApiApp, token, {
      body: {
        name: `${name} ${i + 1}`,
        scopes: [...API_SCOPES],
        robots: { all: true, robotIds: [], buildingIds: [] },
        ipRanges: [],
        rateLimitPerMinute: RATE_LIMIT_MAX,
        expiresAt: null,
      },
    });
    apps.push({ appId: created.app.id, accessKey: created.accessKey, secret: created.secret });
  }
  return apps;
}

/**
 * An access token for the application, as its integrator's system asks for one: OAuth 2.0 client credentials in a
 * form. `forwardedFor` plays a caller of its own to a server started with TRUST_PROXY (the token endpoint allows
 * 60 calls a minute per address).
 */
export async function appToken(base: string, app: BenchApp, forwardedFor?: string): Promise<string> {
  const res = await fetch(`${base}/opt/open/v1/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: app.accessKey,
      client_secret: app.secret,
    }).toString(),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { access_token?: unknown; error_description?: unknown };
  if (res.status !== 200 || typeof body.access_token !== 'string')
    throw new Error(`token for ${app.accessKey}: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

export interface BenchWebhook {
  id: string;
  url: string;
  signingSecret: string;
}

/** A webhook of the application to `url`, told every event there is. */
export async function createWebhook(
  call: Call,
  token: string,
  appId: string,
  url: string,
): Promise<BenchWebhook> {
  const { webhook, signingSecret } = await call(api.createWebhook, token, {
    body: { appId, url, events: [...WEBHOOK_EVENTS], active: true },
  });
  return { id: webhook.id, url, signingSecret };
}

/**
 * Subscribes the webhooks to every event (`told`), or to none the bench's fleet makes (only `lift.alarm`): what a phase
 * "without webhooks" is here. Turning them off instead would fail the deliveries still waiting from the phase before
 * (a webhook turned off is sent nothing more); changing what they are told leaves those to be delivered.
 */
export async function setWebhooksTold(
  call: Call,
  token: string,
  hooks: readonly BenchWebhook[],
  told: boolean,
): Promise<void> {
  for (const h of hooks)
    await call(api.editWebhook, token, {
      body: { id: h.id, url: h.url, events: told ? [...WEBHOOK_EVENTS] : ['lift.alarm'], active: true },
    });
}
