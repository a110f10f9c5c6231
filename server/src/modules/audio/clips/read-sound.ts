import { AUDIO_CONTENT_TYPES, type AudioFormat } from '@fleet/contract';
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';

/** What a sound file is, read from its bytes. */
export interface SoundFacts {
  format: AudioFormat;
  contentType: string;
  durationMs: number;
  sampleRate: number | null;
  channels: number | null;
  bitrate: number | null;
}

/** file-type's extension → our format: only these are sound we take. */
const FORMAT_OF_EXT: Readonly<Record<string, AudioFormat>> = {
  mp3: 'mp3',
  wav: 'wav',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'opus',
  m4a: 'm4a',
  aac: 'aac',
};

export type SoundVerdict =
  | { ok: true; facts: SoundFacts }
  | { ok: false; rule: 'notSound'; found: string }
  | { ok: false; rule: 'unreadable'; reason: string };

/**
 * The file's format from its first bytes (`file-type`), then its duration and signal from its headers
 * (`music-metadata`, reading the whole file where a format needs it for the duration). The name it came with
 * plays no part: a PNG called `hello.mp3` is a PNG.
 */
export async function readSound(file: string): Promise<SoundVerdict> {
  const type = await fileTypeFromFile(file);
  const format = type ? FORMAT_OF_EXT[type.ext] : undefined;
  if (!format)
    return { ok: false, rule: 'notSound', found: type ? `${type.ext} (${type.mime})` : 'unknown data' };
  try {
    const { format: f } = await parseFile(file, { duration: true, skipCovers: true });
    if (f.duration === undefined || !Number.isFinite(f.duration) || f.duration <= 0) {
      return { ok: false, rule: 'unreadable', reason: 'its duration cannot be read' };
    }
    return {
      ok: true,
      facts: {
        format,
        contentType: AUDIO_CONTENT_TYPES[format],
        durationMs: Math.round(f.duration * 1000),
        sampleRate: f.sampleRate ?? null,
        channels: f.numberOfChannels ?? null,
        bitrate: f.bitrate ? Math.round(f.bitrate) : null,
      },
    };
  } catch (err) {
    return { ok: false, rule: 'unreadable', reason: (err as Error).message };
  }
}
