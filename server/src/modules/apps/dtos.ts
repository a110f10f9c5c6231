import { type ApiApp, type AppStatus, fullName } from '@fleet/contract';
import type { Services } from '../../services.js';
import { companyOf } from '../companies/repo.js';
import { mayStillAct } from '../people/account-repo.js';
import { accountNames } from '../people/repo.js';
import { type AppRow, liveSecretsOf, webhookCounts } from './repo.js';
import { robotsReached } from './robot-reach.js';

export function statusOf(row: AppRow, now = Date.now()): AppStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now) return 'expired';
  return 'active';
}

/**
 * Applications as /app shows them: with their live secrets, how many robots each reaches now, its webhooks, and
 * whether whoever created it has left the company or been disabled (then an owner should review it).
 */
export async function appDtos(services: Services, companyId: string, rows: AppRow[]): Promise<ApiApp[]> {
  const ids = rows.map((r) => r.id);
  const creatorIds = [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))];
  const [secrets, hooks, stillIn, names] = await Promise.all([
    liveSecretsOf(services.reg, ids),
    webhookCounts(services.reg, ids),
    companyOf(services.dir, companyId).then((c) =>
      mayStillAct(services.dir, companyId, c?.parentId ?? null, creatorIds),
    ),
    accountNames(services.dir, creatorIds),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, fullName(n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    accessKey: r.accessKey,
    scopes: r.scopes,
    robots: { all: r.allRobots, robotIds: r.robotIds, buildingIds: r.buildingIds },
    robotCount: robotsReached(services.fleet.store, companyId, {
      all: r.allRobots,
      robotIds: r.robotIds,
      buildingIds: r.buildingIds,
    }).length,
    ipRanges: r.ipRanges,
    rateLimitPerMinute: r.rateLimitPerMinute,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    status: statusOf(r),
    createdBy: r.createdBy ? { id: r.createdBy, name: nameOf.get(r.createdBy) ?? '' } : null,
    needsReview: r.createdBy === null || !stillIn.has(r.createdBy),
    secrets: secrets
      .filter((s) => s.appId === r.id)
      .map((s) => ({
        id: s.id,
        hint: s.hint,
        createdAt: s.createdAt.toISOString(),
        expiresAt: s.expiresAt?.toISOString() ?? null,
        lastUsedAt: s.lastUsedAt?.toISOString() ?? null,
      })),
    webhookCount: hooks.get(r.id) ?? 0,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
