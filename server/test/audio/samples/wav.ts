import type { SampleSpec } from './spec.js';

export interface WavSpec extends SampleSpec {
  /** 8 (unsigned) halves the size of 16 (signed, little-endian). */
  bitsPerSample?: 8 | 16;
  toneHz?: number;
}

const FADE_S = 0.01;

/**
 * RIFF/WAVE with a PCM `fmt ` chunk and one `data` chunk holding a sine tone, faded in and out. PCM cannot be
 * made small: 8-bit mono costs `sampleRate` bytes a second.
 */
export function wav({ durationS, sampleRate, channels, bitsPerSample = 8, toneHz = 440 }: WavSpec): Buffer {
  const frames = Math.round(durationS * sampleRate);
  const bytesPerSample = bitsPerSample / 8;
  const blockAlign = channels * bytesPerSample;
  const dataBytes = frames * blockAlign;
  const out = Buffer.alloc(44 + dataBytes + (dataBytes % 2)); // a RIFF chunk is padded to an even length
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(out.length - 8, 4);
  out.write('WAVE', 8, 'latin1');
  out.write('fmt ', 12, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // WAVE_FORMAT_PCM
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * blockAlign, 28);
  out.writeUInt16LE(blockAlign, 32);
  out.writeUInt16LE(bitsPerSample, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(dataBytes, 40);

  const fade = Math.max(1, Math.round(FADE_S * sampleRate));
  const step = (2 * Math.PI * toneHz) / sampleRate;
  for (let i = 0, at = 44; i < frames; i++) {
    const amp = 0.3 * Math.min(1, i / fade, (frames - 1 - i) / fade);
    const s = amp * Math.sin(step * i);
    for (let c = 0; c < channels; c++, at += bytesPerSample) {
      if (bitsPerSample === 8) out[at] = 128 + Math.round(127 * s);
      else out.writeInt16LE(Math.round(32767 * s), at);
    }
  }
  return out;
}
