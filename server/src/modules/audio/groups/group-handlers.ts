import { emptyContent } from '@fleet/contract';
import { and, desc, eq, lt, ne } from 'drizzle-orm';
import { authorize } from '../../../auth/authorize.js';
import type { Session } from '../../../auth/sessions.js';
import { audioDeployments, audioGroups, audioGroupVersions } from '../../../db/schema/index.js';
import { isUniqueViolation } from '../../../db/sql-errors.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import type { Handlers } from '../../../http/handlers.js';
import type { Services } from '../../../services.js';
import { audit } from '../../audit/record-audit.js';
import { robotsByIds } from '../../robots/repo.js';
import { checkDraft } from './check-draft.js';
import { clipIdsOf, type GroupRow, groupDto, groupDtos, groupOf, searchGroups } from './group-repo.js';
import { groupRobots } from './group-robots.js';
import { type Published, publishVersion } from './publish-group.js';

type GroupRouteId =
  | 'searchAudioGroups'
  | 'getAudioGroup'
  | 'createAudioGroup'
  | 'editAudioGroup'
  | 'duplicateAudioGroup'
  | 'removeAudioGroup'
  | 'publishAudioGroup'
  | 'rollbackAudioGroup'
  | 'retryAudioGroup'
  | 'audioGroupRobots';

/** Two groups of a company never share a name: the operator tells them apart by it. */
async function named<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err))
      throw badRequest('body.name', `a group named “${name}” exists already`, { rule: 'groupNameTaken' });
    throw err;
  }
}

export function groupHandlers(services: Services): Handlers<GroupRouteId> {
  const { reg } = services;

  /** After commit: the new version to its robots, other packs' new manifests, and the robots that left. */
  async function deliver(published: Published): Promise<void> {
    await services.audio.sendQueued({ groupId: published.group.id });
    for (const r of published.resend)
      if (r.robotIds.length) await services.audio.sendQueued({ groupId: r.groupId });
    const byGroup = new Map<string, Published['dropped']>();
    for (const d of published.dropped) byGroup.set(d.groupId, [...(byGroup.get(d.groupId) ?? []), d]);
    for (const [groupId, list] of byGroup) await services.audio.sendRemove(list, groupId);
  }

  async function publish(
    session: Session,
    ip: string,
    id: string,
    choice: 'mine' | 'theirs' | undefined,
    rollback: boolean,
  ) {
    authorize(session, 'audio.manage');
    const group = await groupOf(reg, session.companyId, id);
    let draft: { content: GroupRow['content']; targets: GroupRow['targets'] } = group;
    let restoredFrom: number | null = null;
    if (rollback) {
      if (group.activeVersion === null)
        throw conflict('Nothing is published yet: there is no version to go back to', {
          rule: 'nothingPublished',
        });
      const [previous] = await reg
        .select()
        .from(audioGroupVersions)
        .where(
          and(eq(audioGroupVersions.groupId, group.id), lt(audioGroupVersions.version, group.activeVersion)),
        )
        .orderBy(desc(audioGroupVersions.version))
        .limit(1);
      if (!previous)
        throw conflict(`Version ${group.activeVersion} is the first: there is none before it`, {
          rule: 'noPreviousVersion',
        });
      draft = previous;
      restoredFrom = previous.version;
    } else {
      // The draft's clips and targets were checked when saved; a building or robot may have gone since.
      await checkDraft(reg, session.companyId, group, services.config.audioCaps.prompt.maxDurationS);
    }
    const published = await publishVersion(
      reg,
      session.companyId,
      session.userId,
      group,
      draft,
      choice,
      restoredFrom,
    );
    await audit(
      services.dir,
      session,
      ip,
      rollback ? 'audioGroup.rollback' : 'audioGroup.publish',
      group.id,
      {
        name: group.name,
        version: published.version,
        ...(restoredFrom !== null ? { restoredFrom } : {}),
        ...(choice ? { onVoiceConflict: choice } : {}),
      },
    );
    await deliver(published);
    return groupDto(services, published.group);
  }

  return {
    searchAudioGroups: async ({ body }, { session }) => {
      authorize(session, 'audio.read');
      const { rows, total } = await searchGroups(reg, session.companyId, body.requestData ?? {}, {
        offset: (body.pageIndex - 1) * body.pageLength,
        limit: body.pageLength,
      });
      return { list: await groupDtos(services, rows), totalCnt: total };
    },

    getAudioGroup: async ({ params }, { session }) => {
      authorize(session, 'audio.read');
      return groupDto(services, await groupOf(reg, session.companyId, params.id));
    },

    createAudioGroup: async ({ body }, { session, ip }) => {
      authorize(session, 'audio.manage');
      const [row] = await named(body.name, () =>
        reg
          .insert(audioGroups)
          .values({
            companyId: session.companyId,
            name: body.name,
            kind: body.kind,
            content: emptyContent(body.kind),
            targets: { buildingIds: [], robotIds: [] },
          })
          .returning(),
      );
      if (!row) throw new Error('group not recorded');
      await audit(services.dir, session, ip, 'audioGroup.create', row.id, { name: row.name, kind: row.kind });
      return groupDto(services, row);
    },

    editAudioGroup: async ({ body }, { session, ip }) => {
      authorize(session, 'audio.manage');
      const group = await groupOf(reg, session.companyId, body.id);
      if (body.content && body.content.kind !== group.kind) {
        throw badRequest('body.content.kind', `this group is a ${group.kind}`, {
          rule: 'groupKind',
          params: { kind: group.kind },
        });
      }
      await checkDraft(
        reg,
        session.companyId,
        { content: body.content, targets: body.targets },
        services.config.audioCaps.prompt.maxDurationS,
      );
      const name = body.name ?? group.name;
      const [row] = await named(name, () =>
        reg
          .update(audioGroups)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.content ? { content: body.content, clipIds: clipIdsOf(body.content) } : {}),
            ...(body.targets ? { targets: body.targets } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(audioGroups.companyId, session.companyId), eq(audioGroups.id, group.id)))
          .returning(),
      );
      if (!row) throw notFound('Audio group');
      await audit(services.dir, session, ip, 'audioGroup.edit', row.id, {
        name: row.name,
        fields: [
          ...(body.name !== undefined && body.name !== group.name ? ['name'] : []),
          ...(body.content ? ['content'] : []),
          ...(body.targets ? ['targets'] : []),
        ],
      });
      return groupDto(services, row);
    },

    duplicateAudioGroup: async ({ params, body }, { session, ip }) => {
      authorize(session, 'audio.manage');
      const source = await groupOf(reg, session.companyId, params.id);
      const [row] = await named(body.name, () =>
        reg
          .insert(audioGroups)
          .values({
            companyId: session.companyId,
            name: body.name,
            kind: source.kind,
            content: source.content,
            targets: source.targets,
            clipIds: source.clipIds,
          })
          .returning(),
      );
      if (!row) throw new Error('group not recorded');
      await audit(services.dir, session, ip, 'audioGroup.duplicate', row.id, {
        name: row.name,
        from: source.name,
      });
      return groupDto(services, row);
    },

    removeAudioGroup: async ({ params }, { session, ip }) => {
      authorize(session, 'audio.manage');
      const group = await groupOf(reg, session.companyId, params.id);
      const holders = await reg.transaction(async (tx) => {
        const rows = await tx
          .select({ robotId: audioDeployments.robotId })
          .from(audioDeployments)
          .where(and(eq(audioDeployments.groupId, group.id), ne(audioDeployments.state, 'superseded')));
        const [gone] = await tx
          .delete(audioGroups)
          .where(and(eq(audioGroups.companyId, session.companyId), eq(audioGroups.id, group.id)))
          .returning({ id: audioGroups.id });
        if (!gone) throw notFound('Audio group');
        return robotsByIds(
          tx,
          rows.map((r) => r.robotId),
        );
      });
      await audit(services.dir, session, ip, 'audioGroup.remove', group.id, { name: group.name });
      await services.audio.sendRemove(holders, group.id);
      return { id: group.id };
    },

    publishAudioGroup: async ({ params, body }, { session, ip }) =>
      publish(session, ip, params.id, body.onVoiceConflict, false),

    rollbackAudioGroup: async ({ params, body }, { session, ip }) =>
      publish(session, ip, params.id, body.onVoiceConflict, true),

    retryAudioGroup: async ({ params, body }, { session, ip }) => {
      authorize(session, 'audio.manage');
      const group = await groupOf(reg, session.companyId, params.id);
      if (body.robotId) {
        const [row] = await reg
          .select({ state: audioDeployments.state })
          .from(audioDeployments)
          .where(and(eq(audioDeployments.groupId, group.id), eq(audioDeployments.robotId, body.robotId)));
        if (!row) throw notFound('Robot of this group');
        if (row.state === 'superseded')
          throw conflict('Another voice pack speaks on this robot: publish again to change that', {
            rule: 'superseded',
          });
      }
      const sent = await services.audio.sendQueued({
        groupId: group.id,
        ...(body.robotId ? { robotId: body.robotId } : {}),
        states: body.robotId
          ? ['queued', 'downloading', 'ready', 'failed', 'unsupported']
          : ['queued', 'failed'],
      });
      await audit(services.dir, session, ip, 'audioGroup.retry', group.id, {
        name: group.name,
        sent,
        ...(body.robotId ? { robotId: body.robotId } : {}),
      });
      return { sent };
    },

    audioGroupRobots: async ({ body }, { session }) => {
      authorize(session, 'audio.read');
      const f = body.requestData;
      if (!f) throw badRequest('body.requestData.groupId', 'required', { rule: 'required' });
      await groupOf(reg, session.companyId, f.groupId);
      return groupRobots(services, session.companyId, f, {
        offset: (body.pageIndex - 1) * body.pageLength,
        limit: body.pageLength,
      });
    },
  };
}
