import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { parseBuffer, parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioSample, bigSample, notAudio, SAMPLE_FORMATS, SAMPLE_MIME, type SampleFormat } from './index.js';
import { oggCrc } from './ogg-page.js';

/** Within 5 % of the duration asked for, as the bar for every format. */
function expectDuration(actual: number | undefined, wanted: number): void {
  expect(actual).toBeDefined();
  expect(Math.abs((actual ?? 0) - wanted) / wanted).toBeLessThan(0.05);
}

/** PCM has no small form: a long WAV sample is made at 8 kHz. */
const rateFor = (format: SampleFormat, durationS: number) =>
  format === 'wav' && durationS > 100 ? 8000 : undefined;

describe.each(SAMPLE_FORMATS)('a %s sample', (format) => {
  it.each([1, 5, 61, 700])('of %s s is named by file-type and timed by music-metadata', async (durationS) => {
    const sampleRate = rateFor(format, durationS);
    const buf = audioSample(format, { durationS, sampleRate });

    expect(await fileTypeFromBuffer(buf)).toEqual({ ext: format, mime: SAMPLE_MIME[format] });
    const { format: f } = await parseBuffer(buf, { mimeType: SAMPLE_MIME[format] }, { duration: true });
    expectDuration(f.duration, durationS);
    expect(f.sampleRate).toBe(sampleRate ?? (format === 'opus' ? 48000 : 16000));
    expect(f.numberOfChannels).toBe(1);
    expect(f.bitrate).toBeGreaterThan(0);
    if (format !== 'wav') expect(buf.length).toBeLessThan(1_000_000);
  });

  it('in stereo at 44.1 kHz (48 kHz for Opus) says so', async () => {
    const sampleRate = format === 'opus' ? 48000 : 44100;
    const buf = audioSample(format, { durationS: 3, sampleRate, channels: 2 });
    const { format: f } = await parseBuffer(buf, { mimeType: SAMPLE_MIME[format] }, { duration: true });
    expectDuration(f.duration, 3);
    expect(f.sampleRate).toBe(sampleRate);
    expect(f.numberOfChannels).toBe(2);
  });

  it('is read from its bytes alone, as a nameless upload is', async () => {
    const buf = audioSample(format, { durationS: 5 });
    const { format: f } = await parseBuffer(buf, undefined, { duration: true });
    expectDuration(f.duration, 5);
  });
});

describe('a sample saved to a file without an extension', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'audio-samples-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each(SAMPLE_FORMATS)('%s: fileTypeFromFile and parseFile read it', async (format) => {
    const file = join(dir, `upload-${format}`);
    await writeFile(file, audioSample(format, { durationS: 61 }));
    expect((await fileTypeFromFile(file))?.ext).toBe(format);
    expectDuration((await parseFile(file, { duration: true })).format.duration, 61);
  });
});

describe('what music-metadata needs', () => {
  it('reads no duration from bare AAC unless asked to scan every frame', async () => {
    const buf = audioSample('aac', { durationS: 5 });
    const quick = await parseBuffer(buf, { mimeType: SAMPLE_MIME.aac });
    expect(quick.format.duration).toBeUndefined();
    expect(quick.format.sampleRate).toBe(16000);
  });

  it('reads an MP3 without an Info frame by its size, as constant bitrate', async () => {
    const buf = audioSample('mp3', { durationS: 61, sampleRate: 24000 });
    const { format: f } = await parseBuffer(buf, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(f.codecProfile).toBe('CBR');
    expectDuration(f.duration, 61);
  });
});

describe('bigSample', () => {
  it.each(['mp3', 'wav'] as const)('%s: about 2 MB of a sound the tools read', async (format) => {
    const buf = bigSample(format, 2_000_000);
    expect(Math.abs(buf.length - 2_000_000)).toBeLessThan(2_000);
    expect((await fileTypeFromBuffer(buf))?.ext).toBe(format);
    const { format: f } = await parseBuffer(buf, { mimeType: SAMPLE_MIME[format] }, { duration: true });
    expect(f.duration).toBeGreaterThan(40);
  });
});

describe('notAudio', () => {
  it('is a PNG by its bytes', async () => {
    expect(await fileTypeFromBuffer(notAudio())).toEqual({ ext: 'png', mime: 'image/png' });
  });

  it('as text is nothing file-type can name', async () => {
    expect(await fileTypeFromBuffer(notAudio('text'))).toBeUndefined();
  });
});

describe('oggCrc', () => {
  it('is CRC-32 with polynomial 0x04C11DB7, no reflection, initial and final value 0', () => {
    // The catalogue's check value for CRC-32/CKSUM (the same CRC with a final inversion), inverted back.
    expect(oggCrc(Buffer.from('123456789'))).toBe(~0x765e7680 >>> 0);
  });
});
