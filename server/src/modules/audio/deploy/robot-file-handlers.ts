import type { AudioManifest } from '@fleet/contract';
import { and, eq } from 'drizzle-orm';
import { audioDeployments, audioGroups, audioVoiceWinners } from '../../../db/schema/index.js';
import { notFound } from '../../../errors.js';
import type { Handlers } from '../../../http/handlers.js';
import type { Services } from '../../../services.js';
import { sendStoredObject } from '../../../storage/send-object.js';
import { robotOf } from '../../robots/repo.js';
import { clipsById } from '../clips/clip-repo.js';
import { versionOf } from '../groups/group-repo.js';
import { rulesForRobot } from '../rules/building-rules.js';

interface RobotLink {
  robotId: string;
  companyId: string;
  groupId: string;
  groupName: string;
  version: number;
  buildingId: string | null;
}

/**
 * What a robot fetches with the link of its download action. The link is the key: it names the robot, company,
 * group and version it was made for, and is honoured only while that robot of that company is still among the
 * group's robots. Anything else — a forged, expired or foreign link — is a plain 404.
 */
export function robotFileHandlers(services: Services): Handlers<'audioRobotManifest' | 'audioRobotClip'> {
  const { reg } = services;

  async function linkOf(token: string): Promise<RobotLink> {
    const grant = services.links.verify('audio-robot', token, { ids: 2, numbers: 1 });
    const [robotId, groupId] = grant?.ids ?? [];
    const version = grant?.numbers[0];
    if (!robotId || !groupId || version === undefined) throw notFound('Audio link');
    // The robot must still be among the group's robots, and of the group's company.
    const [held] = await reg
      .select({ companyId: audioDeployments.companyId, groupName: audioGroups.name })
      .from(audioDeployments)
      .innerJoin(audioGroups, eq(audioGroups.id, audioDeployments.groupId))
      .where(
        and(
          eq(audioDeployments.groupId, groupId),
          eq(audioDeployments.robotId, robotId),
          eq(audioGroups.companyId, audioDeployments.companyId),
        ),
      );
    if (!held) throw notFound('Audio link');
    const robot = await robotOf(reg, held.companyId, robotId).catch(() => null);
    if (!robot) throw notFound('Audio link');
    return {
      robotId,
      groupId,
      version,
      companyId: held.companyId,
      groupName: held.groupName,
      buildingId: robot.buildingId,
    };
  }

  return {
    audioRobotManifest: async ({ params }) => {
      const link = await linkOf(params.token);
      const version = await versionOf(reg, link.groupId, link.version);
      if (!version) throw notFound('Audio version');
      const [clips, rules, spoken] = await Promise.all([
        clipsById(reg, link.companyId, version.clipIds),
        rulesForRobot(reg, link.companyId, link.buildingId),
        reg
          .select({ lang: audioVoiceWinners.lang })
          .from(audioVoiceWinners)
          .where(
            and(eq(audioVoiceWinners.robotId, link.robotId), eq(audioVoiceWinners.groupId, link.groupId)),
          ),
      ]);
      const base = `${services.config.publicUrl}/opt/v1/audio/robot/${params.token}/clip`;
      const content = version.content;
      // A voice pack speaks on this robot only the languages it won there (publishing decided).
      const langs = new Set(spoken.map((s) => s.lang));
      const slots = content.kind === 'voicePack' ? content.slots.filter((s) => langs.has(s.lang)) : [];
      const used = new Set(content.kind === 'voicePack' ? slots.map((s) => s.clipId) : version.clipIds);
      const manifest: AudioManifest = {
        groupId: link.groupId,
        name: link.groupName,
        kind: content.kind,
        version: version.version,
        publishedAt: version.publishedAt.toISOString(),
        files: version.clipIds.flatMap((id) => {
          const clip = clips.get(id);
          return clip && used.has(id)
            ? [
                {
                  clipId: clip.id,
                  url: `${base}/${clip.id}`,
                  sha256: clip.sha256,
                  sizeBytes: clip.sizeBytes,
                  format: clip.format,
                  contentType: clip.contentType,
                  durationMs: clip.durationMs,
                },
              ]
            : [];
        }),
        slots,
        playlist:
          content.kind === 'playlist'
            ? { clipIds: content.items.map((i) => i.clipId), schedule: content.schedule }
            : null,
        rules: {
          timeZone: rules.timeZone,
          quietHours: rules.quietHours,
          volumeCap: rules.volumeCap,
          silentInLift: true,
        },
      };
      return manifest;
    },

    audioRobotClip: async ({ params }, { request, reply }) => {
      const link = await linkOf(params.token);
      const version = await versionOf(reg, link.groupId, link.version);
      if (!version?.clipIds.includes(params.clipId)) throw notFound('Clip');
      const clip = (await clipsById(reg, link.companyId, [params.clipId])).get(params.clipId);
      if (!clip) throw notFound('Clip');
      const sent = await sendStoredObject(request, reply, services.storage, clip.storageKey, {
        contentType: clip.contentType,
        etag: `"${clip.sha256}"`,
        cacheControl: 'private, max-age=86400, immutable',
      });
      if (!sent) throw notFound('Clip');
      return reply;
    },
  };
}
