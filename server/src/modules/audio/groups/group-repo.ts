import {
  AUDIO_DEPLOY_STATES,
  type AudioGroup,
  type DeploymentCounts,
  fullName,
  type GroupContent,
  type GroupTargets,
  type groupSearch,
} from '@fleet/contract';
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { audioDeployments, audioGroups, audioGroupVersions } from '../../../db/schema/index.js';
import { containsPattern } from '../../../db/sql-errors.js';
import { notFound } from '../../../errors.js';
import type { Services } from '../../../services.js';
import { accountNames } from '../../people/repo.js';

export type GroupRow = typeof audioGroups.$inferSelect;
export type VersionRow = typeof audioGroupVersions.$inferSelect;

/** The clips a group's content plays, each once. */
export function clipIdsOf(content: GroupContent): string[] {
  const ids =
    content.kind === 'voicePack' ? content.slots.map((s) => s.clipId) : content.items.map((i) => i.clipId);
  return [...new Set(ids)];
}

/** The languages a voice pack speaks. */
export function langsOf(content: GroupContent): string[] {
  return content.kind === 'voicePack' ? [...new Set(content.slots.map((s) => s.lang))].sort() : [];
}

/** Content and targets in a form where equal drafts compare equal, whatever order their lists came in. */
function canonical(content: GroupContent, targets: GroupTargets): string {
  const c =
    content.kind === 'voicePack'
      ? {
          ...content,
          slots: [...content.slots].sort((a, b) =>
            `${a.lang}/${a.slot}`.localeCompare(`${b.lang}/${b.slot}`),
          ),
        }
      : content;
  const t = { buildingIds: [...targets.buildingIds].sort(), robotIds: [...targets.robotIds].sort() };
  return JSON.stringify([c, t]);
}

export function sameDraft(
  a: { content: GroupContent; targets: GroupTargets },
  b: { content: GroupContent; targets: GroupTargets },
) {
  return canonical(a.content, a.targets) === canonical(b.content, b.targets);
}

/** One group of the company; another company's is not found. */
export async function groupOf(db: Db, companyId: string, id: string): Promise<GroupRow> {
  const [row] = await db
    .select()
    .from(audioGroups)
    .where(and(eq(audioGroups.companyId, companyId), eq(audioGroups.id, id)));
  if (!row) throw notFound('Audio group');
  return row;
}

export async function versionOf(db: Db, groupId: string, version: number): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(audioGroupVersions)
    .where(and(eq(audioGroupVersions.groupId, groupId), eq(audioGroupVersions.version, version)));
  return row;
}

type GroupSearch = z.infer<typeof groupSearch>;

function where(companyId: string, f: GroupSearch): SQL | undefined {
  return and(
    eq(audioGroups.companyId, companyId),
    f.name ? ilike(audioGroups.name, containsPattern(f.name)) : undefined,
    f.kind ? eq(audioGroups.kind, f.kind) : undefined,
  );
}

export async function searchGroups(
  db: Db,
  companyId: string,
  f: GroupSearch,
  page: { offset: number; limit: number },
): Promise<{ rows: GroupRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(audioGroups)
      .where(where(companyId, f))
      .orderBy(asc(audioGroups.name), asc(audioGroups.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(audioGroups).where(where(companyId, f)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const noCounts = (): DeploymentCounts =>
  Object.fromEntries(AUDIO_DEPLOY_STATES.map((s) => [s, 0])) as DeploymentCounts;

/** Groups as the API shows them: versions newest first with who published them, robots by state. */
export async function groupDtos(services: Services, rows: GroupRow[]): Promise<AudioGroup[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [versions, states] = await Promise.all([
    services.reg
      .select()
      .from(audioGroupVersions)
      .where(inArray(audioGroupVersions.groupId, ids))
      .orderBy(desc(audioGroupVersions.version)),
    services.reg
      .select({ groupId: audioDeployments.groupId, state: audioDeployments.state, n: count() })
      .from(audioDeployments)
      .where(inArray(audioDeployments.groupId, ids))
      .groupBy(audioDeployments.groupId, audioDeployments.state),
  ]);
  const people = await accountNames(
    services.dir,
    versions.flatMap((v) => (v.publishedBy ? [v.publishedBy] : [])),
  );
  const nameOf = new Map(people.map((p) => [p.id, fullName(p)]));
  return rows.map((r) => {
    const own = versions.filter((v) => v.groupId === r.id);
    const active = own.find((v) => v.version === r.activeVersion);
    const deployment = noCounts();
    for (const s of states) if (s.groupId === r.id) deployment[s.state] = s.n;
    return {
      id: r.id,
      name: r.name,
      kind: r.kind,
      content: r.content,
      targets: r.targets,
      draftChanged: !active || !sameDraft(r, active),
      activeVersion: r.activeVersion,
      versions: own.map((v) => ({
        version: v.version,
        publishedAt: v.publishedAt.toISOString(),
        publishedByName: v.publishedBy ? (nameOf.get(v.publishedBy) ?? null) : null,
        restoredFrom: v.restoredFrom,
      })),
      deployment,
      langs: langsOf(r.content),
      clipCount: clipIdsOf(r.content).length,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

export async function groupDto(services: Services, row: GroupRow): Promise<AudioGroup> {
  const [dto] = await groupDtos(services, [row]);
  if (!dto) throw new Error('group not mapped');
  return dto;
}
