import { z } from 'zod';
import { rawText } from '../text.js';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from './scopes.js';

export const WEBHOOKS_PER_APP_MAX = 10;
export const DELIVERIES_SHOWN = 100;

/** Where deliveries go: http(s) only, no credentials in the address (they would end up in logs). */
export const webhookUrl = rawText(2000)
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'an http:// or https:// address without a user name or password');

const events = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, 'choose at least one event')
  .max(WEBHOOK_EVENTS.length)
  .transform((e) => [...new Set(e)]);

export const DELIVERY_STATUSES = ['pending', 'delivered', 'retrying', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const webhookDelivery = z.object({
  id: z.uuid(),
  /** The `webhook-id` header: the same for every attempt, so the receiver can drop a repeat. */
  eventId: z.string(),
  eventType: z.union([z.enum(WEBHOOK_EVENTS), z.literal(WEBHOOK_TEST_EVENT)]),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.int().min(0),
  /** The receiver's answer to the latest attempt; null when it did not answer (refused, timed out). */
  statusCode: z.int().nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhook = z.object({
  id: z.uuid(),
  appId: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  /** The latest delivery, to show at a glance whether the receiver answers. */
  lastDelivery: webhookDelivery.nullable(),
});
export type Webhook = z.infer<typeof webhook>;

export const createWebhookBody = z.object({
  appId: z.uuid(),
  url: webhookUrl,
  events,
  active: z.boolean().default(true),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;
export const editWebhookBody = z.object({ id: z.uuid(), url: webhookUrl, events, active: z.boolean() });
export type EditWebhookBody = z.input<typeof editWebhookBody>;

/** The signing secret (`whsec_…`, Standard Webhooks' form): answered when made or replaced, never again. */
export const webhookSecret = z.object({ webhook, signingSecret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecret>;
