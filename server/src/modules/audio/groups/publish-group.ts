import type { GroupContent, GroupTargets, PublishGroupBody } from '@fleet/contract';
import { and, eq, inArray, max, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  audioDeployments,
  audioGroups,
  audioGroupVersions,
  audioVoiceWinners,
} from '../../../db/schema/index.js';
import { badRequest, conflict } from '../../../errors.js';
import { robotsByIds } from '../../robots/repo.js';
import { targetRobots } from './check-draft.js';
import { clipIdsOf, type GroupRow, langsOf } from './group-repo.js';

export interface Published {
  group: GroupRow;
  version: number;
  /** Robots that left the group's targets, or another pack took over entirely: tell them to forget it. */
  dropped: { id: string; manufacturer: string; serialNumber: string; groupId: string }[];
  /** Other voice packs that lost a language on some robot: their robots get a new manifest. */
  resend: { groupId: string; robotIds: string[] }[];
}

type Choice = PublishGroupBody['onVoiceConflict'];

const addressIn = (r: { id: string; manufacturer: string; serialNumber: string }, groupId: string) => ({
  id: r.id,
  manufacturer: r.manufacturer,
  serialNumber: r.serialNumber,
  groupId,
});

/** The value an upsert's row brought (`excluded.<column>`). */
const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Makes `content` and `targets` the group's next version, in one transaction: the version row, the robots'
 * deployment rows (queued, to be sent after commit), the robots that left, and for a voice pack who speaks each
 * language on each robot. Two voice packs meeting on a robot and a language are refused until the caller says
 * which wins (`mine`: this one takes those robots' language over; `theirs`: it leaves them to the other).
 */
export async function publishVersion(
  reg: Db,
  companyId: string,
  userId: string,
  group: GroupRow,
  draft: { content: GroupContent; targets: GroupTargets },
  choice: Choice,
  restoredFrom: number | null,
): Promise<Published> {
  const { content, targets } = draft;
  if (!targets.buildingIds.length && !targets.robotIds.length) {
    throw badRequest('body.targets', 'choose at least one building or robot to publish to', {
      rule: 'noTargets',
    });
  }
  if (content.kind === 'voicePack' && !content.slots.length) {
    throw badRequest('body.content.slots', 'give at least one slot a clip', { rule: 'emptyVoicePack' });
  }
  if (content.kind === 'playlist' && !content.items.length) {
    throw badRequest('body.content.items', 'add at least one clip', { rule: 'emptyPlaylist' });
  }
  return reg.transaction(async (tx) => {
    // One publication of a group at a time: the version numbers follow each other.
    const [locked] = await tx
      .select({ id: audioGroups.id })
      .from(audioGroups)
      .where(and(eq(audioGroups.id, group.id), eq(audioGroups.companyId, companyId)))
      .for('update');
    if (!locked) throw conflict('The group was deleted meanwhile');
    const reached = await targetRobots(tx, companyId, targets);
    const robotIds = reached.map((r) => r.id);
    const langs = langsOf(content);
    const superseded = new Map<string, string>();
    const resend: Published['resend'] = [];
    if (langs.length && robotIds.length) {
      const met = await tx
        .select({
          robotId: audioVoiceWinners.robotId,
          lang: audioVoiceWinners.lang,
          groupId: audioVoiceWinners.groupId,
          groupName: audioGroups.name,
        })
        .from(audioVoiceWinners)
        .innerJoin(audioGroups, eq(audioGroups.id, audioVoiceWinners.groupId))
        .where(
          and(
            inArray(audioVoiceWinners.robotId, robotIds),
            inArray(audioVoiceWinners.lang, langs),
            ne(audioVoiceWinners.groupId, group.id),
          ),
        );
      if (met.length && !choice) {
        const names = [...new Set(met.map((m) => m.groupName))].sort().join(', ');
        const robotCount = new Set(met.map((m) => m.robotId)).size;
        throw conflict(
          `${robotCount} of these robots already speak ${[...new Set(met.map((m) => m.lang))].join(', ')} with ${names}: say which pack wins`,
          {
            rule: 'voicePackConflict',
            params: {
              robots: robotCount,
              groups: names,
              langs: [...new Set(met.map((m) => m.lang))].join(', '),
            },
          },
        );
      }
      const taken = new Set(met.map((m) => `${m.robotId}/${m.lang}`));
      if (choice === 'mine') {
        const byGroup = new Map<string, Set<string>>();
        for (const m of met) byGroup.set(m.groupId, (byGroup.get(m.groupId) ?? new Set()).add(m.robotId));
        for (const [groupId, ids] of byGroup) resend.push({ groupId, robotIds: [...ids] });
      }
      const rows = robotIds.flatMap((robotId) =>
        langs
          .filter((lang) => choice === 'mine' || !taken.has(`${robotId}/${lang}`))
          .map((lang) => ({ robotId, lang, groupId: group.id, companyId })),
      );
      if (rows.length)
        await tx
          .insert(audioVoiceWinners)
          .values(rows)
          .onConflictDoUpdate({
            target: [audioVoiceWinners.robotId, audioVoiceWinners.lang],
            set: { groupId: group.id },
          });
      if (choice === 'theirs') {
        const won = new Set(rows.map((r) => r.robotId));
        for (const m of met) if (!won.has(m.robotId)) superseded.set(m.robotId, m.groupName);
      }
    }
    // This pack no longer speaks a language it dropped, nor on robots it left.
    if (content.kind === 'voicePack') {
      await tx
        .delete(audioVoiceWinners)
        .where(
          and(
            eq(audioVoiceWinners.groupId, group.id),
            langs.length ? notInArray(audioVoiceWinners.lang, langs) : undefined,
          ),
        );
      if (robotIds.length)
        await tx
          .delete(audioVoiceWinners)
          .where(
            and(eq(audioVoiceWinners.groupId, group.id), notInArray(audioVoiceWinners.robotId, robotIds)),
          );
    }
    const [last] = await tx
      .select({ v: max(audioGroupVersions.version) })
      .from(audioGroupVersions)
      .where(eq(audioGroupVersions.groupId, group.id));
    const version = (last?.v ?? 0) + 1;
    await tx.insert(audioGroupVersions).values({
      groupId: group.id,
      version,
      companyId,
      content,
      targets,
      clipIds: clipIdsOf(content),
      restoredFrom,
      publishedBy: userId,
    });
    const [updated] = await tx
      .update(audioGroups)
      .set({ activeVersion: version, updatedAt: new Date() })
      .where(eq(audioGroups.id, group.id))
      .returning();
    if (!updated) throw conflict('The group was deleted meanwhile');
    // Robots that left the targets: their rows go, and they are told to forget the group.
    const leaving = await tx
      .delete(audioDeployments)
      .where(
        and(
          eq(audioDeployments.groupId, group.id),
          robotIds.length ? notInArray(audioDeployments.robotId, robotIds) : undefined,
        ),
      )
      .returning({ robotId: audioDeployments.robotId });
    const dropped = (
      await robotsByIds(
        tx,
        leaving.map((l) => l.robotId),
      )
    ).map((r) => addressIn(r, group.id));
    if (robotIds.length) {
      const now = new Date();
      await tx
        .insert(audioDeployments)
        .values(
          robotIds.map((robotId) => ({
            groupId: group.id,
            robotId,
            companyId,
            version,
            state: superseded.has(robotId) ? ('superseded' as const) : ('queued' as const),
            reason: superseded.get(robotId) ?? null,
            actionId: null,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [audioDeployments.groupId, audioDeployments.robotId],
          set: {
            version,
            state: sqlExcluded('state'),
            reason: sqlExcluded('reason'),
            actionId: null,
            updatedAt: now,
          },
        });
    }
    // A pack that lost every language it spoke on a robot is superseded there.
    for (const r of resend) {
      const still = await tx
        .select({ robotId: audioVoiceWinners.robotId })
        .from(audioVoiceWinners)
        .where(and(eq(audioVoiceWinners.groupId, r.groupId), inArray(audioVoiceWinners.robotId, r.robotIds)));
      const speaking = new Set(still.map((s) => s.robotId));
      const gone = r.robotIds.filter((id) => !speaking.has(id));
      if (gone.length)
        await tx
          .update(audioDeployments)
          .set({ state: 'superseded', reason: group.name, actionId: null, updatedAt: new Date() })
          .where(and(eq(audioDeployments.groupId, r.groupId), inArray(audioDeployments.robotId, gone)));
      const kept = r.robotIds.filter((id) => speaking.has(id));
      if (kept.length)
        await tx
          .update(audioDeployments)
          .set({ state: 'queued', actionId: null, updatedAt: new Date() })
          .where(and(eq(audioDeployments.groupId, r.groupId), inArray(audioDeployments.robotId, kept)));
      dropped.push(...(await robotsByIds(tx, gone)).map((x) => addressIn(x, r.groupId)));
      r.robotIds = kept;
    }
    return { group: updated, version, dropped, resend };
  });
}
