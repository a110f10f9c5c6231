import { adtsAac } from './adts-aac.js';
import { m4a } from './m4a.js';
import { mp3 } from './mp3.js';
import { oggOpus } from './ogg-opus.js';
import { oggVorbis } from './ogg-vorbis.js';
import type { SampleSpec } from './spec.js';
import { wav } from './wav.js';

export type { SampleSpec } from './spec.js';

/** The names file-type gives these formats, which are also the console's format names. */
export const SAMPLE_FORMATS = ['mp3', 'wav', 'ogg', 'opus', 'm4a', 'aac'] as const;
export type SampleFormat = (typeof SAMPLE_FORMATS)[number];

/** The content type file-type reports for each sample; music-metadata picks its parser from it. */
export const SAMPLE_MIME: Record<SampleFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  opus: 'audio/ogg; codecs=opus',
  m4a: 'audio/x-m4a',
  aac: 'audio/aac',
};

export interface SampleOptions {
  /** Seconds; 1 when absent. */
  durationS?: number;
  /** Hz; 16 kHz when absent (48 kHz for Opus). Each format takes only its own rates (MP3: 8–48 kHz). */
  sampleRate?: number;
  channels?: 1 | 2;
  /** MP3 only: a Layer III bitrate; the lowest the rate allows when absent (8 kbps at 8–24 kHz). */
  bitrateKbps?: number;
}

const GENERATORS: Record<SampleFormat, (spec: SampleSpec & SampleOptions) => Buffer> = {
  mp3,
  wav,
  ogg: oggVorbis,
  opus: oggOpus,
  m4a,
  aac: adtsAac,
};

/**
 * A small valid file of the format, silent except WAV (a quiet 440 Hz tone in 8-bit PCM). Bytes a second at the
 * defaults (16 kHz mono): MP3 1,000, WAV 16,000, Ogg Vorbis ~33, Opus ~126, M4A ~126, AAC ~172 — so a 700 s
 * clip is under a megabyte in every format but WAV (give WAV a low rate: 8 kHz is 8,000 bytes a second).
 */
export function audioSample(format: SampleFormat, opts: SampleOptions = {}): Buffer {
  return GENERATORS[format]({
    ...opts,
    durationS: opts.durationS ?? 1,
    sampleRate: opts.sampleRate ?? (format === 'opus' ? 48000 : 16000),
    channels: opts.channels ?? 1,
  });
}

/** About `bytes` of a real-bitrate clip: MP3 at 128 kbps, 44.1 kHz stereo, or WAV at 22.05 kHz 16-bit mono. */
export function bigSample(format: 'mp3' | 'wav', bytes: number): Buffer {
  if (format === 'mp3') {
    return mp3({ durationS: (bytes * 8) / 128_000, sampleRate: 44100, channels: 2, bitrateKbps: 128 });
  }
  return wav({ durationS: (bytes - 44) / 44100, sampleRate: 22050, channels: 1, bitsPerSample: 16 });
}

/** A 1 × 1 PNG, for "a picture renamed .mp3 is refused". */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Bytes that are no sound: a PNG, or plain text, which file-type cannot name at all. */
export function notAudio(kind: 'png' | 'text' = 'png'): Buffer {
  return kind === 'png'
    ? Buffer.from(PNG_1X1, 'base64')
    : Buffer.from('Not a sound: these are the words of a text file renamed hello.mp3.\n');
}
