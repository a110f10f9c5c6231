import type { GroupContent, GroupTargets } from '@fleet/contract';
import type { Db } from '../../../db/client.js';
import { type RuleProblem, refusedFields } from '../../../errors.js';
import { buildingNames } from '../../buildings/repo.js';
import { robotsInBuildingsOrIds } from '../../robots/repo.js';
import { clipsById } from '../clips/clip-repo.js';

/**
 * A draft may only name the company's own clips, buildings and robots (another company's id reads as "no such"),
 * a voice pack's slot only a clip short enough to be a prompt and in the slot's language (a clip with no language
 * fits any). All problems are answered at once, each under its path.
 */
export async function checkDraft(
  db: Db,
  companyId: string,
  draft: { content?: GroupContent | undefined; targets?: GroupTargets | undefined },
  promptMaxS: number,
): Promise<void> {
  const problems: RuleProblem[] = [];
  const { content, targets } = draft;
  if (content) {
    const refs =
      content.kind === 'voicePack'
        ? content.slots.map((s, i) => ({ clipId: s.clipId, path: `content.slots.${i}.clipId`, lang: s.lang }))
        : content.items.map((it, i) => ({
            clipId: it.clipId,
            path: `content.items.${i}.clipId`,
            lang: null,
          }));
    const clips = await clipsById(
      db,
      companyId,
      refs.map((r) => r.clipId),
    );
    for (const ref of refs) {
      const clip = clips.get(ref.clipId);
      if (!clip) {
        problems.push({ path: ref.path, message: 'no such clip', rule: 'noSuchClip' });
        continue;
      }
      if (ref.lang === null) continue;
      if (clip.durationMs > promptMaxS * 1000) {
        problems.push({
          path: ref.path,
          message: `“${clip.name}” lasts longer than a prompt may (${promptMaxS} s)`,
          rule: 'slotClipTooLong',
          params: { clip: clip.name, maxSeconds: promptMaxS },
        });
      } else if (clip.lang && clip.lang !== ref.lang) {
        problems.push({
          path: ref.path,
          message: `“${clip.name}” is in ${clip.lang}, not ${ref.lang}`,
          rule: 'slotClipLang',
          params: { clip: clip.name, clipLang: clip.lang, slotLang: ref.lang },
        });
      }
    }
  }
  if (targets) {
    const [known, knownRobots] = await Promise.all([
      buildingNames(db, companyId, targets.buildingIds),
      robotsInBuildingsOrIds(db, companyId, [], targets.robotIds),
    ]);
    const r = new Set(knownRobots.map((x) => x.id));
    targets.buildingIds.forEach((id, i) => {
      if (!known.has(id))
        problems.push({
          path: `targets.buildingIds.${i}`,
          message: 'no such building',
          rule: 'noSuchBuilding',
        });
    });
    targets.robotIds.forEach((id, i) => {
      if (!r.has(id))
        problems.push({ path: `targets.robotIds.${i}`, message: 'no such robot', rule: 'noSuchRobot' });
    });
  }
  if (problems.length) throw refusedFields(problems);
}

/** The robots a group reaches: every robot of its buildings (now) and each robot named. */
export function targetRobots(db: Db, companyId: string, targets: GroupTargets) {
  return robotsInBuildingsOrIds(db, companyId, targets.buildingIds, targets.robotIds);
}
