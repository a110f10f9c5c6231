import type { SampleSpec } from './spec.js';

export interface Mp3Spec extends SampleSpec {
  /** A Layer III bitrate of the version the sample rate picks; the lowest one when absent. */
  bitrateKbps?: number;
  /** A LAME-style `Info` frame first, which carries the frame count (on by default). */
  xing?: boolean;
}

/** The three MPEG versions Layer III exists in: version bits, rates, bitrates, frame geometry. */
const VERSIONS = [
  {
    bits: 0b11, // MPEG-1
    rates: [44100, 48000, 32000],
    kbps: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
    samplesPerFrame: 1152,
    sideInfo: { 1: 17, 2: 32 },
  },
  {
    bits: 0b10, // MPEG-2
    rates: [22050, 24000, 16000],
    kbps: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    samplesPerFrame: 576,
    sideInfo: { 1: 9, 2: 17 },
  },
  {
    bits: 0b00, // MPEG-2.5
    rates: [11025, 12000, 8000],
    kbps: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    samplesPerFrame: 576,
    sideInfo: { 1: 9, 2: 17 },
  },
] as const;

type Version = (typeof VERSIONS)[number];

/** Bytes of a frame without its padding slot: samples/8 × bitrate / rate. */
function frameBytes(v: Version, kbps: number, rate: number): { base: number; rest: number } {
  const bits = (v.samplesPerFrame / 8) * kbps * 1000;
  return { base: Math.floor(bits / rate), rest: bits % rate };
}

function header(v: Version, bitrateIndex: number, rateIndex: number, padded: boolean, channels: 1 | 2) {
  return Buffer.from([
    0xff,
    0xe0 | (v.bits << 3) | (0b01 << 1) | 1, // Layer III, no CRC
    (bitrateIndex << 4) | (rateIndex << 2) | (padded ? 0x02 : 0),
    channels === 1 ? 0xc0 : 0x00, // single channel, or plain stereo
  ]);
}

/**
 * A run of silent MPEG Layer III frames: valid headers, all-zero side information (no main data, so every
 * granule decodes to silence) and zero ancillary bytes. Frames are padded the way encoders do, so the stream
 * keeps the exact bitrate at rates like 44.1 kHz. The optional first frame is an `Info` tag with the count of
 * the frames after it and the stream's byte length, which is where music-metadata takes the duration from;
 * without it, music-metadata sees a CBR stream and divides the file size by the frame size.
 */
export function mp3({ durationS, sampleRate, channels, bitrateKbps, xing = true }: Mp3Spec): Buffer {
  const v = VERSIONS.find((x) => (x.rates as readonly number[]).includes(sampleRate));
  if (!v) throw new Error(`MPEG Layer III has no ${sampleRate} Hz`);
  const rateIndex = (v.rates as readonly number[]).indexOf(sampleRate);
  const kbps = bitrateKbps ?? (v.kbps[1] as number);
  const bitrateIndex = (v.kbps as readonly number[]).indexOf(kbps);
  if (bitrateIndex < 1) throw new Error(`MPEG Layer III at ${sampleRate} Hz has no ${kbps} kbps`);
  const sideInfo = v.sideInfo[channels];
  const count = Math.max(1, Math.round((durationS * sampleRate) / v.samplesPerFrame));

  const { base, rest } = frameBytes(v, kbps, sampleRate);
  const frames: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    // Pad a frame by one byte whenever the running remainder crosses a whole byte.
    const padded = Math.floor(((i + 1) * rest) / sampleRate) > Math.floor((i * rest) / sampleRate);
    const frame = Buffer.alloc(base + (padded ? 1 : 0));
    header(v, bitrateIndex, rateIndex, padded, channels).copy(frame);
    frames.push(frame);
  }
  if (!xing) return Buffer.concat(frames);

  // The tag sits after the side information: 'Info', flags (frames, bytes), frames, bytes.
  const tagAt = 4 + sideInfo;
  const needed = tagAt + 16;
  const infoIndex = v.kbps.findIndex(
    (k, i) => i >= bitrateIndex && frameBytes(v, k, sampleRate).base >= needed,
  );
  const info = Buffer.alloc(frameBytes(v, v.kbps[infoIndex] as number, sampleRate).base);
  header(v, infoIndex, rateIndex, false, channels).copy(info);
  const streamBytes = info.length + frames.reduce((n, f) => n + f.length, 0);
  info.write('Info', tagAt, 'latin1');
  info.writeUInt32BE(0x3, tagAt + 4);
  info.writeUInt32BE(count, tagAt + 8);
  info.writeUInt32BE(streamBytes, tagAt + 12);
  return Buffer.concat([info, ...frames]);
}
