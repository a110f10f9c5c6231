import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AudioClip, ClipPurpose, UploadClipQuery } from '@fleet/contract';
import { authorize } from '../../../auth/authorize.js';
import type { Session } from '../../../auth/sessions.js';
import { audioClips } from '../../../db/schema/index.js';
import { AppError, badRequest } from '../../../errors.js';
import type { Services } from '../../../services.js';
import { audit } from '../../audit/record-audit.js';
import { clipDtos } from './clip-repo.js';
import { readSound } from './read-sound.js';
import { drain, receiveUpload } from './receive-upload.js';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/**
 * One clip, streamed: the body goes to a temporary file while its size is counted and its SHA-256 taken, then its
 * format is read from its bytes and its duration from its headers; only a sound within the caps of its purpose
 * reaches the object store and the table. Every refusal names `body` and the rule, and leaves nothing behind.
 */
export async function uploadClip(
  services: Services,
  session: Session,
  ip: string,
  query: Required<Pick<UploadClipQuery, 'name' | 'purpose'>> & { lang?: string | undefined },
  body: Readable,
  /** The request's Content-Length, when it sent one. */
  declared: number,
): Promise<AudioClip> {
  authorize(session, 'audio.manage');
  const cap = services.config.audioCaps[query.purpose];
  if (declared > cap.maxBytes) {
    // Not read at all: the connection closes after the answer rather than carrying the rest.
    void drain(body).catch(() => {});
    throw tooLarge(declared, cap.maxBytes, query.purpose, { connection: 'close' });
  }
  const received = await receiveUpload(body, cap.maxBytes);
  if ('empty' in received) throw badRequest('body', 'the file is empty', { rule: 'clipEmpty' });
  if ('tooLarge' in received) throw tooLarge(received.sizeBytes, cap.maxBytes, query.purpose);
  try {
    const sound = await readSound(received.file);
    if (!sound.ok) {
      throw sound.rule === 'notSound'
        ? badRequest(
            'body',
            `not a sound file the console takes (MP3, WAV, OGG, Opus, M4A, AAC): its bytes are ${sound.found}`,
            { rule: 'clipNotSound', params: { found: sound.found } },
          )
        : badRequest('body', `the sound cannot be read: ${sound.reason}`, { rule: 'clipUnreadable' });
    }
    const { facts } = sound;
    if (facts.durationMs > cap.maxDurationS * 1000) {
      const seconds = Math.round(facts.durationMs / 100) / 10;
      throw badRequest(
        'body',
        `${seconds} s long; a ${query.purpose} clip may last at most ${cap.maxDurationS} s`,
        { rule: 'clipTooLong', params: { seconds, maxSeconds: cap.maxDurationS, purpose: query.purpose } },
      );
    }
    const id = randomUUID();
    const key = `audio/${session.companyId}/${id}.${facts.format}`;
    await services.storage.putFile(key, received.file, facts.contentType);
    let row: typeof audioClips.$inferSelect | undefined;
    try {
      [row] = await services.reg
        .insert(audioClips)
        .values({
          id,
          companyId: session.companyId,
          name: query.name,
          lang: query.lang ?? null,
          purpose: query.purpose,
          ...facts,
          sizeBytes: received.sizeBytes,
          sha256: received.sha256,
          storageKey: key,
          createdBy: session.userId,
        })
        .returning();
    } catch (err) {
      await services.storage.delete(key);
      throw err;
    }
    if (!row) throw new Error('clip not recorded');
    await audit(services.dir, session, ip, 'audioClip.upload', row.id, {
      name: row.name,
      format: row.format,
      sizeBytes: row.sizeBytes,
    });
    const [dto] = await clipDtos(services, session.companyId, [row]);
    if (!dto) throw new Error('clip not mapped');
    return dto;
  } finally {
    await received.discard();
  }
}

function tooLarge(
  bytes: number,
  maxBytes: number,
  purpose: ClipPurpose,
  headers: Record<string, string> = {},
): AppError {
  const sizeMb = megabytes(bytes);
  const maxMb = megabytes(maxBytes);
  const refused = badRequest('body', `${sizeMb} MB or more; a ${purpose} clip may be at most ${maxMb} MB`, {
    rule: 'clipTooLarge',
    params: { sizeMb, maxMb, purpose },
  });
  return new AppError(refused.code, refused.message, headers, refused.issues);
}
