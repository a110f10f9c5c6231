import { clipName, EVENT_SLOTS } from '@fleet/contract';
import { fileTypeFromBuffer } from 'file-type';
import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { chime, DEMO_SOUND_RATE, demoSounds, pitch } from './demo-sounds.js';

const sounds = demoSounds();

/** The 16-bit samples after the 44-byte header, as fractions of full scale. */
function samplesOf(wav: Buffer): number[] {
  const out: number[] = [];
  for (let at = 44; at < wav.length; at += 2) out.push(wav.readInt16LE(at) / 32768);
  return out;
}

describe('demoSounds', () => {
  it('gives every voice-pack slot one prompt and a playlist two lobby jingles', () => {
    const slots = sounds.filter((s) => s.purpose === 'prompt').map((s) => s.slot);
    expect([...slots].sort()).toEqual([...EVENT_SLOTS].sort());
    expect(sounds.filter((s) => s.purpose === 'playlist' && s.slot === undefined)).toHaveLength(2);
    expect(new Set(sounds.map((s) => s.name)).size).toBe(sounds.length);
    for (const s of sounds) expect(clipName.safeParse(s.name).success).toBe(true);
  });

  it.each(sounds.map((s) => [s.name, s] as const))('%s is a 16-bit mono WAV of its length', async (_, s) => {
    expect(await fileTypeFromBuffer(s.wav)).toEqual({ ext: 'wav', mime: 'audio/wav' });
    const { format } = await parseBuffer(s.wav, { mimeType: 'audio/wav' }, { duration: true });
    expect(format).toMatchObject({
      codec: 'PCM',
      sampleRate: DEMO_SOUND_RATE,
      numberOfChannels: 1,
      bitsPerSample: 16,
    });
    expect(format.duration).toBeCloseTo((s.wav.length - 44) / 2 / DEMO_SOUND_RATE, 6);
    const [min, max] = s.purpose === 'prompt' ? [0.3, 3] : [15, 20];
    expect(format.duration).toBeGreaterThanOrEqual(min);
    expect(format.duration).toBeLessThanOrEqual(max);
  });

  it.each(sounds.map((s) => [s.name, s] as const))(
    '%s starts and ends in silence and never clips',
    (_, s) => {
      const pcm = samplesOf(s.wav);
      expect(Math.abs(pcm[0] ?? 1)).toBeLessThan(0.01);
      expect(Math.abs(pcm.at(-1) ?? 1)).toBeLessThan(0.01);
      const peak = pcm.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
      expect(peak).toBeGreaterThan(0.5);
      expect(peak).toBeLessThan(0.75);
    },
  );
});

describe('chime', () => {
  it('lasts one step per note after the first, then the ring', async () => {
    const wav = chime([440, 550, 660], 200, 900);
    const { format } = await parseBuffer(wav, { mimeType: 'audio/wav' }, { duration: true });
    expect(format.duration).toBeCloseTo(1.3, 3);
  });
});

describe('pitch', () => {
  it.each([
    ['A4', 440],
    ['A5', 880],
    ['C4', 261.626],
    ['Bb3', 233.082],
    ['F#5', 739.989],
  ])('%s is %s Hz', (note, hz) => {
    expect(pitch(note)).toBeCloseTo(hz, 2);
  });

  it('refuses what is not a note', () => {
    expect(() => pitch('H2')).toThrow('not a note: H2');
  });
});
