import { z } from 'zod';
import { text } from '../text.js';

/**
 * The sound formats a clip may be, as read from its bytes (never its name): MP3, WAV, Ogg Vorbis, Ogg Opus,
 * M4A (AAC in MP4) and bare AAC (ADTS).
 */
export const AUDIO_FORMATS = ['mp3', 'wav', 'ogg', 'opus', 'm4a', 'aac'] as const;
export const audioFormat = z.enum(AUDIO_FORMATS);
export type AudioFormat = z.infer<typeof audioFormat>;

/** The content type each format is stored and served with. */
export const AUDIO_CONTENT_TYPES: Record<AudioFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
};

/**
 * What a clip is for decides its caps: a prompt (a voice pack's "please make way") is short, a playlist item (an
 * announcement, an advert, music) may run for minutes.
 */
export const CLIP_PURPOSES = ['prompt', 'playlist'] as const;
export const clipPurpose = z.enum(CLIP_PURPOSES);
export type ClipPurpose = z.infer<typeof clipPurpose>;

/** The caps a server has when AUDIO_* are not set (docs/operations.md). */
export const DEFAULT_CLIP_CAPS: Record<ClipPurpose, { maxBytes: number; maxDurationS: number }> = {
  prompt: { maxBytes: 10 * 1024 * 1024, maxDurationS: 60 },
  playlist: { maxBytes: 50 * 1024 * 1024, maxDurationS: 600 },
};

/** A language tag as BCP 47 writes it: `en`, `zh`, `zh-CN`, `pt-BR`. */
export const AUDIO_LANG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
export const audioLang = z.string().regex(AUDIO_LANG, 'a language tag such as en, zh or zh-CN').max(35);

export const clipName = text({ min: 1, max: 64 });

/** A group that uses a clip: deleting the clip is refused while there is one. */
export const clipUse = z.object({
  groupId: z.uuid(),
  groupName: z.string(),
  /** The versions that hold the clip; the draft holds it when `inDraft`. */
  versions: z.array(z.int()),
  inDraft: z.boolean(),
});
export type ClipUse = z.infer<typeof clipUse>;

export const audioClip = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Null: no language (music, a chime). */
  lang: z.string().nullable(),
  purpose: clipPurpose,
  format: audioFormat,
  contentType: z.string(),
  sizeBytes: z.int(),
  durationMs: z.int(),
  /** Hz; null when the format does not say. */
  sampleRate: z.int().nullable(),
  channels: z.int().nullable(),
  /** Bits per second; null when the format does not say. */
  bitrate: z.int().nullable(),
  sha256: z.string(),
  usedBy: z.array(clipUse),
  createdByName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AudioClip = z.infer<typeof audioClip>;

/** The fields of an upload, in its query: the body is the file's bytes. */
export const uploadClipQuery = z.object({
  name: clipName,
  lang: audioLang.optional(),
  purpose: clipPurpose.default('prompt'),
});
export type UploadClipQuery = z.input<typeof uploadClipQuery>;

export const editClipBody = z.object({
  id: z.uuid(),
  name: clipName.optional(),
  /** Null clears it. */
  lang: audioLang.nullable().optional(),
});
export type EditClipBody = z.input<typeof editClipBody>;

export const clipSearch = z.object({
  /** Part of the name, trimmed. */
  name: text({ max: 64 }).optional(),
  lang: audioLang.optional(),
  purpose: clipPurpose.optional(),
  format: audioFormat.optional(),
});

/** A link the browser plays a clip from (an `<audio>` element cannot send the session token). */
export const clipLink = z.object({ url: z.string(), expiresAt: z.iso.datetime() });
export type ClipLink = z.infer<typeof clipLink>;
