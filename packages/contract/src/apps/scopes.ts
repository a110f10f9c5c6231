/**
 * What an API application may do, chosen per application by an administrator: each route of the open API
 * needs exactly one of these. Reading a robot's live state is `robots.read`; sending it to a point, pausing and
 * resuming it is `robots.operate`.
 */
export const API_SCOPES = [
  'robots.read',
  'robots.operate',
  'tasks.read',
  'analysis.read',
  'devices.read',
  'lifts.read',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * What a webhook may be told. Named `<thing>.<what happened>` as the Standard Webhooks specification suggests;
 * `webhook.test` is only ever sent by the "send test event" button.
 */
export const WEBHOOK_EVENTS = [
  'robot.online',
  'robot.offline',
  'robot.error.raised',
  'robot.error.cleared',
  'robot.battery.low',
  'task.finished',
  'call.created',
  'call.answered',
  'lift.alarm',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * APPS-WEBHOOK-SCOPES: an event tells what the scope behind it lets the application read, so a webhook may only
 * subscribe to the events its application's scopes cover, and is told nothing else.
 */
export const EVENT_SCOPE: Record<WebhookEvent, ApiScope> = {
  'robot.online': 'robots.read',
  'robot.offline': 'robots.read',
  'robot.error.raised': 'robots.read',
  'robot.error.cleared': 'robots.read',
  'robot.battery.low': 'robots.read',
  'task.finished': 'tasks.read',
  'call.created': 'devices.read',
  'call.answered': 'devices.read',
  'lift.alarm': 'lifts.read',
};

/** The events of `events` that the scopes do not cover. */
export function eventsOutsideScopes(
  events: readonly WebhookEvent[],
  scopes: readonly ApiScope[],
): WebhookEvent[] {
  return events.filter((e) => !scopes.includes(EVENT_SCOPE[e]));
}
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** A robot's battery falling to this percent or below sends `robot.battery.low` once, until it charges above it. */
export const BATTERY_LOW_PERCENT = 20;

/** The open API's access tokens live this long; the client asks for a new one with its key and secret. */
export const APP_TOKEN_TTL_S = 3600;

/** How long a rotated-out secret still works beside the new one, unless the administrator chooses otherwise. */
export const SECRET_OVERLAP_HOURS_DEFAULT = 24;
export const SECRET_OVERLAP_HOURS_MAX = 168;

/** Deliveries are retried with exponential back-off for this long after the event, then given up. */
export const WEBHOOK_RETRY_HOURS = 24;
