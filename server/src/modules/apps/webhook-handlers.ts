import {
  type ApiScope,
  DELIVERIES_SHOWN,
  EVENT_SCOPE,
  eventsOutsideScopes,
  WEBHOOKS_PER_APP_MAX,
  type Webhook,
  type WebhookEvent,
} from '@fleet/contract';
import { eq } from 'drizzle-orm';
import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { webhooks } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { assertServedHere } from '../regions/region-of.js';
import { statusOf } from './dtos.js';
import { appOf, type WebhookRow, webhookOf, webhooksOf } from './repo.js';
import { forbiddenHost } from './webhooks/address-guard.js';
import { newSigningSecret } from './webhooks/sign-delivery.js';
import { latestDeliveries, toDeliveryDto } from './webhooks/webhook-repo.js';

type WebhookRouteId =
  | 'listWebhooks'
  | 'createWebhook'
  | 'editWebhook'
  | 'rotateWebhookSecret'
  | 'removeWebhook'
  | 'webhookDeliveries'
  | 'testWebhook';

/** The webhooks of the company's API applications, their delivery log and the test button. */
export function webhookHandlers(services: Services): Handlers<WebhookRouteId> {
  const { reg } = services;
  const allowed = (session: Session) => {
    assertServedHere(services, session);
    authorize(session, 'apps.manage');
  };
  const appFor = async (session: Session, id: string) => {
    const app = await appOf(reg, session.companyId, id);
    if (!app) throw notFound('API application');
    return app;
  };
  const hookFor = async (session: Session, id: string) => {
    const hook = await webhookOf(reg, session.companyId, id);
    if (!hook) throw notFound('webhook');
    return hook;
  };
  /** Refused when saved, not only when delivered: the operator learns at once why it would never arrive. */
  const checkUrl = (url: string) => {
    if (services.config.webhooks.allowPrivate) return;
    const host = forbiddenHost(new URL(url));
    if (host)
      throw badRequest(
        'body.url',
        `${host} is a private or local address; the server's operator must set WEBHOOK_ALLOW_PRIVATE to allow it`,
      );
  };
  /** APPS-WEBHOOK-SCOPES: only events the application's scopes cover. */
  const checkEvents = (app: { name: string; scopes: ApiScope[] }, events: WebhookEvent[]) => {
    const outside = eventsOutsideScopes(events, app.scopes);
    if (!outside.length) return;
    const needed = [...new Set(outside.map((e) => EVENT_SCOPE[e]))];
    throw badRequest(
      'body.events',
      `${outside.join(', ')} need the scope ${needed.join(', ')}, which ${app.name} does not have`,
    );
  };
  const dto = async (row: WebhookRow): Promise<Webhook> => {
    const [last] = await latestDeliveries(reg, row.id, 1);
    return {
      id: row.id,
      appId: row.appId,
      url: row.url,
      events: row.events,
      active: row.active,
      createdAt: row.createdAt.toISOString(),
      lastDelivery: last ? toDeliveryDto(last) : null,
    };
  };

  return {
    listWebhooks: async ({ params }, { session }) => {
      allowed(session);
      const app = await appFor(session, params.id);
      return Promise.all((await webhooksOf(reg, app.id)).map(dto));
    },
    createWebhook: async ({ body }, { session, ip }) => {
      allowed(session);
      const app = await appFor(session, body.appId);
      checkUrl(body.url);
      checkEvents(app, body.events);
      const signingSecret = newSigningSecret();
      const row = await reg.transaction(async (tx) => {
        const existing = await webhooksOf(tx, app.id);
        if (existing.length >= WEBHOOKS_PER_APP_MAX)
          throw conflict(
            `${app.name} has ${WEBHOOKS_PER_APP_MAX} webhooks already, the most an application may have`,
          );
        const [inserted] = await tx
          .insert(webhooks)
          .values({
            appId: app.id,
            companyId: session.companyId,
            url: body.url,
            events: body.events,
            active: body.active,
            secretCipher: services.cipher.encrypt(signingSecret),
          })
          .returning();
        if (!inserted) throw new Error('webhook not created');
        return inserted;
      });
      services.webhooks.invalidate(session.companyId);
      await audit(services.dir, session, ip, 'webhook.create', row.id, {
        name: app.name,
        url: row.url,
        events: row.events,
      });
      return { webhook: await dto(row), signingSecret };
    },
    editWebhook: async ({ body }, { session, ip }) => {
      allowed(session);
      const before = await hookFor(session, body.id);
      if (body.url !== before.url) checkUrl(body.url);
      checkEvents(await appFor(session, before.appId), body.events);
      const [row] = await reg
        .update(webhooks)
        .set({ url: body.url, events: body.events, active: body.active })
        .where(eq(webhooks.id, before.id))
        .returning();
      if (!row) throw notFound('webhook');
      services.webhooks.invalidate(session.companyId);
      const app = await appFor(session, row.appId);
      await audit(services.dir, session, ip, 'webhook.edit', row.id, {
        name: app.name,
        url: row.url,
        events: row.events,
        active: row.active,
      });
      return dto(row);
    },
    rotateWebhookSecret: async ({ params }, { session, ip }) => {
      allowed(session);
      const before = await hookFor(session, params.id);
      const signingSecret = newSigningSecret();
      const [row] = await reg
        .update(webhooks)
        .set({ secretCipher: services.cipher.encrypt(signingSecret) })
        .where(eq(webhooks.id, before.id))
        .returning();
      if (!row) throw notFound('webhook');
      services.webhooks.invalidate(session.companyId);
      const app = await appFor(session, row.appId);
      await audit(services.dir, session, ip, 'webhook.rotateSecret', row.id, {
        name: app.name,
        url: row.url,
      });
      return { webhook: await dto(row), signingSecret };
    },
    removeWebhook: async ({ params }, { session, ip }) => {
      allowed(session);
      const row = await hookFor(session, params.id);
      const app = await appFor(session, row.appId);
      await reg.delete(webhooks).where(eq(webhooks.id, row.id));
      services.webhooks.invalidate(session.companyId);
      await audit(services.dir, session, ip, 'webhook.remove', row.id, { name: app.name, url: row.url });
      return null;
    },
    webhookDeliveries: async ({ params }, { session }) => {
      allowed(session);
      const row = await hookFor(session, params.id);
      return (await latestDeliveries(reg, row.id, DELIVERIES_SHOWN)).map(toDeliveryDto);
    },
    testWebhook: async ({ params }, { session, ip }) => {
      allowed(session);
      const row = await hookFor(session, params.id);
      const app = await appFor(session, row.appId);
      if (statusOf(app) !== 'active')
        throw conflict(`${app.name} is ${statusOf(app)}: its webhooks send nothing`);
      if (!row.active) throw conflict('The webhook is turned off: turn it on to send it a test event');
      const delivery = await services.webhooks.sendTest(row.id, session.companyId, app.name);
      await audit(services.dir, session, ip, 'webhook.test', row.id, {
        name: app.name,
        url: row.url,
        statusCode: delivery.statusCode,
      });
      return delivery;
    },
  };
}
