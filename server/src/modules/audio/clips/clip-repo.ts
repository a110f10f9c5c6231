import type { clipSearch } from '@fleet/contract';
import { type AudioClip, type ClipUse, fullName } from '@fleet/contract';
import { and, arrayOverlaps, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { audioClips, audioGroups, audioGroupVersions } from '../../../db/schema/index.js';
import { containsPattern } from '../../../db/sql-errors.js';
import { notFound } from '../../../errors.js';
import type { Services } from '../../../services.js';
import { accountNames } from '../../people/repo.js';

export type ClipRow = typeof audioClips.$inferSelect;
type ClipSearch = z.infer<typeof clipSearch>;

function where(companyId: string, f: ClipSearch): SQL | undefined {
  return and(
    eq(audioClips.companyId, companyId),
    f.name ? ilike(audioClips.name, containsPattern(f.name)) : undefined,
    f.lang ? eq(audioClips.lang, f.lang) : undefined,
    f.purpose ? eq(audioClips.purpose, f.purpose) : undefined,
    f.format ? eq(audioClips.format, f.format) : undefined,
  );
}

export async function searchClips(
  db: Db,
  companyId: string,
  f: ClipSearch,
  page: { offset: number; limit: number },
): Promise<{ rows: ClipRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(audioClips)
      .where(where(companyId, f))
      .orderBy(desc(audioClips.createdAt), desc(audioClips.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(audioClips).where(where(companyId, f)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One clip of the company; another company's is not found. */
export async function clipOf(db: Db, companyId: string, id: string): Promise<ClipRow> {
  const [row] = await db
    .select()
    .from(audioClips)
    .where(and(eq(audioClips.companyId, companyId), eq(audioClips.id, id)));
  if (!row) throw notFound('Clip');
  return row;
}

/** The company's clips among `ids`, by id (the others are not the company's, or not there). */
export async function clipsById(
  db: Db,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, ClipRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(audioClips)
    .where(and(eq(audioClips.companyId, companyId), inArray(audioClips.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}

/** For each clip, the groups that hold it in their draft or in a version: what keeps it from being deleted. */
export async function clipUses(
  db: Db,
  companyId: string,
  clipIds: readonly string[],
): Promise<Map<string, ClipUse[]>> {
  const out = new Map<string, ClipUse[]>();
  if (!clipIds.length) return out;
  const ids = [...clipIds];
  const [drafts, versions] = await Promise.all([
    db
      .select({ id: audioGroups.id, name: audioGroups.name, clipIds: audioGroups.clipIds })
      .from(audioGroups)
      .where(and(eq(audioGroups.companyId, companyId), arrayOverlaps(audioGroups.clipIds, ids))),
    db
      .select({
        id: audioGroupVersions.groupId,
        name: audioGroups.name,
        version: audioGroupVersions.version,
        clipIds: audioGroupVersions.clipIds,
      })
      .from(audioGroupVersions)
      .innerJoin(audioGroups, eq(audioGroups.id, audioGroupVersions.groupId))
      .where(
        and(eq(audioGroupVersions.companyId, companyId), arrayOverlaps(audioGroupVersions.clipIds, ids)),
      ),
  ]);
  const useOf = (clipId: string, groupId: string, groupName: string): ClipUse => {
    const list = out.get(clipId) ?? [];
    out.set(clipId, list);
    let use = list.find((u) => u.groupId === groupId);
    if (!use) {
      use = { groupId, groupName, versions: [], inDraft: false };
      list.push(use);
    }
    return use;
  };
  const wanted = new Set(ids);
  for (const d of drafts)
    for (const c of new Set(d.clipIds)) if (wanted.has(c)) useOf(c, d.id, d.name).inDraft = true;
  for (const v of versions)
    for (const c of new Set(v.clipIds)) if (wanted.has(c)) useOf(c, v.id, v.name).versions.push(v.version);
  for (const list of out.values()) {
    list.sort((a, b) => a.groupName.localeCompare(b.groupName));
    for (const u of list) u.versions.sort((a, b) => a - b);
  }
  return out;
}

/** Clips as the API shows them: with the groups that use each and who uploaded it. */
export async function clipDtos(services: Services, companyId: string, rows: ClipRow[]): Promise<AudioClip[]> {
  const [uses, people] = await Promise.all([
    clipUses(
      services.reg,
      companyId,
      rows.map((r) => r.id),
    ),
    accountNames(
      services.dir,
      rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])),
    ),
  ]);
  const nameOf = new Map(people.map((p) => [p.id, fullName(p)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    lang: r.lang,
    purpose: r.purpose,
    format: r.format,
    contentType: r.contentType,
    sizeBytes: r.sizeBytes,
    durationMs: r.durationMs,
    sampleRate: r.sampleRate,
    channels: r.channels,
    bitrate: r.bitrate,
    sha256: r.sha256,
    usedBy: uses.get(r.id) ?? [],
    createdByName: r.createdBy ? (nameOf.get(r.createdBy) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}
