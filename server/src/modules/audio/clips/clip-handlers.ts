import { and, eq } from 'drizzle-orm';
import { authorize } from '../../../auth/authorize.js';
import { audioClips } from '../../../db/schema/index.js';
import { conflict, notFound } from '../../../errors.js';
import type { Handlers } from '../../../http/handlers.js';
import type { Services } from '../../../services.js';
import { sendStoredObject } from '../../../storage/send-object.js';
import { audit } from '../../audit/record-audit.js';
import { clipDtos, clipOf, clipUses, searchClips } from './clip-repo.js';
import { uploadClip } from './upload-clip.js';

/** A browser's link to listen to a clip: long enough for a ten-minute clip to be played, paused and sought. */
const LISTEN_LINK_S = 60 * 60;

type ClipRouteId =
  | 'searchAudioClips'
  | 'uploadAudioClip'
  | 'editAudioClip'
  | 'removeAudioClip'
  | 'audioClipLink'
  | 'listenAudioClip';

export function clipHandlers(services: Services): Handlers<ClipRouteId> {
  return {
    searchAudioClips: async ({ body }, { session }) => {
      authorize(session, 'audio.read');
      const { rows, total } = await searchClips(services.reg, session.companyId, body.requestData ?? {}, {
        offset: (body.pageIndex - 1) * body.pageLength,
        limit: body.pageLength,
      });
      return { list: await clipDtos(services, session.companyId, rows), totalCnt: total };
    },

    uploadAudioClip: async ({ query, body }, { session, ip, request }) =>
      uploadClip(services, session, ip, query, body, Number(request.headers['content-length'] ?? Number.NaN)),

    editAudioClip: async ({ body }, { session, ip }) => {
      authorize(session, 'audio.manage');
      const before = await clipOf(services.reg, session.companyId, body.id);
      const [row] = await services.reg
        .update(audioClips)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.lang !== undefined ? { lang: body.lang } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(audioClips.companyId, session.companyId), eq(audioClips.id, body.id)))
        .returning();
      if (!row) throw notFound('Clip');
      await audit(services.dir, session, ip, 'audioClip.edit', row.id, {
        name: row.name,
        ...(before.name !== row.name ? { from: before.name } : {}),
        ...(before.lang !== row.lang ? { lang: row.lang } : {}),
      });
      const [dto] = await clipDtos(services, session.companyId, [row]);
      if (!dto) throw new Error('clip not mapped');
      return dto;
    },

    removeAudioClip: async ({ params }, { session, ip }) => {
      authorize(session, 'audio.manage');
      const row = await clipOf(services.reg, session.companyId, params.id);
      const uses = (await clipUses(services.reg, session.companyId, [row.id])).get(row.id) ?? [];
      if (uses.length) {
        const groups = uses.map((u) => u.groupName).join(', ');
        throw conflict(`“${row.name}” is used by ${groups}; take it out of them first`, {
          rule: 'clipInUse',
          params: { groups, count: uses.length },
        });
      }
      // The row goes first: a clip still listed with its file gone would be worse than a file left over.
      const [gone] = await services.reg
        .delete(audioClips)
        .where(and(eq(audioClips.companyId, session.companyId), eq(audioClips.id, row.id)))
        .returning({ id: audioClips.id });
      if (!gone) throw notFound('Clip');
      await services.storage.delete(row.storageKey);
      await audit(services.dir, session, ip, 'audioClip.remove', row.id, { name: row.name });
      return { id: row.id };
    },

    audioClipLink: async ({ params }, { session }) => {
      authorize(session, 'audio.read');
      const row = await clipOf(services.reg, session.companyId, params.id);
      const { token, expiresAt } = services.links.sign(
        'audio-listen',
        { ids: [row.id], numbers: [] },
        LISTEN_LINK_S,
      );
      return { url: `/opt/v1/audio/listen/${token}`, expiresAt: expiresAt.toISOString() };
    },

    listenAudioClip: async ({ params }, { request, reply }) => {
      const grant = services.links.verify('audio-listen', params.token, { ids: 1, numbers: 0 });
      const clipId = grant?.ids[0];
      if (!clipId) throw notFound('Clip');
      const [row] = await services.reg.select().from(audioClips).where(eq(audioClips.id, clipId));
      if (!row) throw notFound('Clip');
      const sent = await sendStoredObject(request, reply, services.storage, row.storageKey, {
        contentType: row.contentType,
        etag: `"${row.sha256}"`,
        cacheControl: 'private, max-age=3600',
      });
      if (!sent) throw notFound('Clip');
      return reply;
    },
  };
}
