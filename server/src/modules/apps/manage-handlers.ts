import type { AppCredentials, AppRobots } from '@fleet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { apiAppSecrets, apiApps, apiAppTokens } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { buildingNames } from '../buildings/repo.js';
import { assertServedHere } from '../regions/region-of.js';
import { robotsByIds } from '../robots/repo.js';
import { credentialHash, newAccessKey, newAppSecret, secretHint } from './app-secrets.js';
import { appDtos, statusOf } from './dtos.js';
import { type AppRow, appOf, appsOf, narrowWebhookEvents, usageOf } from './repo.js';

type ManageRouteId =
  | 'listApiApps'
  | 'createApiApp'
  | 'editApiApp'
  | 'rotateApiAppSecret'
  | 'revokeApiApp'
  | 'reviewApiApp'
  | 'removeApiApp'
  | 'apiAppUsage';

const HOUR_MS = 3_600_000;

/** Creating, changing, rotating, revoking and removing the company's API applications (owners and admins). */
export function manageHandlers(services: Services): Handlers<ManageRouteId> {
  const { reg } = services;
  const tokenUrl = `${services.config.publicUrl}/opt/open/v1/oauth/token`;
  const one = async (session: Session, id: string) => {
    const row = await appOf(reg, session.companyId, id);
    if (!row) throw notFound('API application');
    return row;
  };
  const dto = async (session: Session, row: AppRow) => {
    const [app] = await appDtos(services, session.companyId, [row]);
    if (!app) throw new Error('application not mapped');
    return app;
  };
  const fresh = async (session: Session, id: string) => dto(session, await one(session, id));
  const allowed = (session: Session) => {
    assertServedHere(services, session);
    authorize(session, 'apps.manage');
  };

  /** The robots and buildings chosen must be the company's: another company's answers 404 like anywhere else. */
  const checkRobots = async (session: Session, robots: AppRobots): Promise<AppRobots> => {
    if (robots.all) return { all: true, robotIds: [], buildingIds: [] };
    const robotIds = [...new Set(robots.robotIds)];
    const buildingIds = [...new Set(robots.buildingIds)];
    const found = await robotsByIds(reg, robotIds);
    if (robotIds.some((id) => !found.some((r) => r.id === id && r.companyId === session.companyId)))
      throw notFound('robot');
    const names = await buildingNames(reg, session.companyId, buildingIds);
    if (buildingIds.some((id) => !names.has(id))) throw notFound('building');
    return { all: false, robotIds, buildingIds };
  };
  const checkExpiry = (expiresAt: string | null, before?: Date | null) => {
    if (expiresAt === null) return null;
    const at = new Date(expiresAt);
    // An expiry left as it was may be past (the application expired); a new one must be ahead.
    if (before && before.getTime() === at.getTime()) return at;
    if (at.getTime() <= Date.now()) throw badRequest('body.expiresAt', 'must be in the future');
    return at;
  };

  return {
    listApiApps: async (_input, { session }) => {
      allowed(session);
      return appDtos(services, session.companyId, await appsOf(reg, session.companyId));
    },
    createApiApp: async ({ body }, { session, ip }) => {
      allowed(session);
      const robots = await checkRobots(session, body.robots);
      const expiresAt = checkExpiry(body.expiresAt);
      const secret = newAppSecret();
      const accessKey = newAccessKey();
      const id = await reg.transaction(async (tx) => {
        const [row] = await tx
          .insert(apiApps)
          .values({
            companyId: session.companyId,
            name: body.name,
            accessKey,
            scopes: body.scopes,
            allRobots: robots.all,
            robotIds: robots.robotIds,
            buildingIds: robots.buildingIds,
            ipRanges: body.ipRanges,
            rateLimitPerMinute: body.rateLimitPerMinute,
            expiresAt,
            createdBy: session.userId,
          })
          .returning({ id: apiApps.id });
        if (!row) throw new Error('application not created');
        await tx
          .insert(apiAppSecrets)
          .values({ appId: row.id, secretHash: credentialHash(secret), hint: secretHint(secret) });
        return row.id;
      });
      await audit(services.dir, session, ip, 'apiApp.create', id, { name: body.name, scopes: body.scopes });
      const app = await fresh(session, id);
      return { app, accessKey, secret, tokenUrl } satisfies AppCredentials;
    },
    editApiApp: async ({ body }, { session, ip }) => {
      allowed(session);
      const before = await one(session, body.id);
      const robots = await checkRobots(session, body.robots);
      const expiresAt = checkExpiry(body.expiresAt, before.expiresAt);
      const webhooksNarrowed = await reg.transaction(async (tx) => {
        await tx
          .update(apiApps)
          .set({
            name: body.name,
            scopes: body.scopes,
            allRobots: robots.all,
            robotIds: robots.robotIds,
            buildingIds: robots.buildingIds,
            ipRanges: body.ipRanges,
            rateLimitPerMinute: body.rateLimitPerMinute,
            expiresAt,
          })
          .where(eq(apiApps.id, before.id));
        return narrowWebhookEvents(tx, before.id, body.scopes);
      });
      services.webhooks.invalidate(session.companyId);
      await audit(services.dir, session, ip, 'apiApp.edit', before.id, {
        name: body.name,
        ...(before.name !== body.name ? { formerName: before.name } : {}),
        scopes: body.scopes,
        ...(webhooksNarrowed ? { webhooksNarrowed } : {}),
      });
      return fresh(session, before.id);
    },
    rotateApiAppSecret: async ({ params, body }, { session, ip }) => {
      allowed(session);
      const row = await one(session, params.id);
      if (statusOf(row) !== 'active')
        throw conflict(`${row.name} is ${statusOf(row)}: a new secret would not work`);
      const secret = newAppSecret();
      await reg.transaction(async (tx) => {
        // The secret in use keeps working for the overlap; one rotated out earlier keeps its own end, or ends now
        // if that comes first.
        const end = sql`now() + make_interval(hours => ${body.overlapHours})`;
        await tx
          .update(apiAppSecrets)
          .set({ expiresAt: end })
          .where(and(eq(apiAppSecrets.appId, row.id), isNull(apiAppSecrets.expiresAt)));
        await tx
          .update(apiAppSecrets)
          .set({ expiresAt: sql`least(${apiAppSecrets.expiresAt}, ${end})` })
          .where(eq(apiAppSecrets.appId, row.id));
        await tx
          .insert(apiAppSecrets)
          .values({ appId: row.id, secretHash: credentialHash(secret), hint: secretHint(secret) });
      });
      await audit(services.dir, session, ip, 'apiApp.rotateSecret', row.id, {
        name: row.name,
        overlapHours: body.overlapHours,
      });
      const app = await fresh(session, row.id);
      return { app, accessKey: row.accessKey, secret, tokenUrl };
    },
    revokeApiApp: async ({ params }, { session, ip }) => {
      allowed(session);
      const row = await one(session, params.id);
      if (!row.revokedAt) {
        await reg.transaction(async (tx) => {
          await tx.update(apiApps).set({ revokedAt: sql`now()` }).where(eq(apiApps.id, row.id));
          await tx.delete(apiAppTokens).where(eq(apiAppTokens.appId, row.id));
        });
        services.webhooks.invalidate(session.companyId);
        await audit(services.dir, session, ip, 'apiApp.revoke', row.id, { name: row.name });
      }
      return fresh(session, row.id);
    },
    reviewApiApp: async ({ params }, { session, ip }) => {
      allowed(session);
      if (session.role !== 'owner' && !session.isSuperAdmin)
        throw forbidden('Only the owner reviews an application whose creator left');
      const row = await one(session, params.id);
      await reg.update(apiApps).set({ createdBy: session.userId }).where(eq(apiApps.id, row.id));
      await audit(services.dir, session, ip, 'apiApp.review', row.id, {
        name: row.name,
        ...(row.createdBy ? { formerCreatorId: row.createdBy } : {}),
      });
      return fresh(session, row.id);
    },
    removeApiApp: async ({ params }, { session, ip }) => {
      allowed(session);
      const row = await one(session, params.id);
      await reg.delete(apiApps).where(eq(apiApps.id, row.id));
      services.webhooks.invalidate(session.companyId);
      await audit(services.dir, session, ip, 'apiApp.remove', row.id, { name: row.name });
      return null;
    },
    apiAppUsage: async ({ params, query }, { session }) => {
      allowed(session);
      const row = await one(session, params.id);
      const to = Math.floor(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS;
      const from = to - query.hours * HOUR_MS;
      const counted = await usageOf(reg, row.id, new Date(from));
      const byHour = new Map(counted.map((u) => [u.hour.getTime(), u]));
      const hours = Array.from({ length: query.hours }, (_, i) => {
        const at = from + i * HOUR_MS;
        const u = byHour.get(at);
        return { at: new Date(at).toISOString(), calls: u?.calls ?? 0, refused: u?.refused ?? 0 };
      });
      return {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        hours,
        calls: hours.reduce((n, h) => n + h.calls, 0),
        refused: hours.reduce((n, h) => n + h.refused, 0),
      };
    },
  };
}
