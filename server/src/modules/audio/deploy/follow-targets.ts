import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  audioDeployments,
  audioGroups,
  audioGroupVersions,
  audioVoiceWinners,
} from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { robotOf } from '../../robots/repo.js';
import { langsOf } from '../groups/group-repo.js';

/**
 * A robot registered in a building, or moved to another, joins the groups that target its building (a target
 * building means every robot in it, those added later included) and leaves those that reached it only through
 * its old building. A voice pack it joins speaks a language on it unless another pack already does there. Rows it
 * gains are queued and sent at once if the robot is online; groups it leaves are told to it to forget.
 */
export async function followTargets(services: Services, companyId: string, robotId: string): Promise<void> {
  const { reg } = services;
  const left = await reg.transaction(async (tx) => {
    const robot = await robotOf(tx, companyId, robotId);
    const active = await tx
      .select({
        id: audioGroups.id,
        version: audioGroupVersions.version,
        content: audioGroupVersions.content,
        targets: audioGroupVersions.targets,
      })
      .from(audioGroups)
      .innerJoin(
        audioGroupVersions,
        and(
          eq(audioGroupVersions.groupId, audioGroups.id),
          eq(audioGroupVersions.version, audioGroups.activeVersion),
        ),
      )
      .where(and(eq(audioGroups.companyId, companyId), isNotNull(audioGroups.activeVersion)));
    const held = await tx
      .select({ groupId: audioDeployments.groupId })
      .from(audioDeployments)
      .where(eq(audioDeployments.robotId, robotId));
    const holds = new Set(held.map((h) => h.groupId));
    const reaches = (g: (typeof active)[number]) =>
      g.targets.robotIds.includes(robotId) ||
      (robot.buildingId !== null && g.targets.buildingIds.includes(robot.buildingId));
    const joining = active.filter((g) => reaches(g) && !holds.has(g.id));
    const leaving = active.filter((g) => !reaches(g) && holds.has(g.id)).map((g) => g.id);
    for (const g of joining) {
      const langs = langsOf(g.content);
      let speaks = true;
      if (langs.length) {
        const taken = await tx
          .select({ lang: audioVoiceWinners.lang })
          .from(audioVoiceWinners)
          .where(and(eq(audioVoiceWinners.robotId, robotId), inArray(audioVoiceWinners.lang, langs)));
        const free = langs.filter((l) => !taken.some((t) => t.lang === l));
        speaks = free.length > 0;
        if (free.length)
          await tx
            .insert(audioVoiceWinners)
            .values(free.map((lang) => ({ robotId, lang, groupId: g.id, companyId })));
      }
      await tx.insert(audioDeployments).values({
        groupId: g.id,
        robotId,
        companyId,
        version: g.version,
        state: speaks ? 'queued' : 'superseded',
      });
    }
    if (leaving.length) {
      await tx
        .delete(audioDeployments)
        .where(and(eq(audioDeployments.robotId, robotId), inArray(audioDeployments.groupId, leaving)));
      await tx
        .delete(audioVoiceWinners)
        .where(and(eq(audioVoiceWinners.robotId, robotId), inArray(audioVoiceWinners.groupId, leaving)));
    }
    const address = { id: robotId, manufacturer: robot.manufacturer, serialNumber: robot.serialNumber };
    return leaving.map((groupId) => ({ groupId, robot: address }));
  });
  for (const l of left) await services.audio.sendRemove([l.robot], l.groupId);
  await services.audio.sendQueued({ robotId });
}
