import { LsbBits } from './bits.js';
import { oggStream } from './ogg-page.js';
import type { SampleSpec } from './spec.js';

const SHORT_BLOCK_LOG2 = 8;
const LONG_BLOCK_LOG2 = 11;
/** Between two long blocks a Vorbis decoder returns a quarter of each (Vorbis I spec section 4.3.8). */
const SAMPLES_PER_PACKET = 2 ** LONG_BLOCK_LOG2 / 2;
const SERIAL = 0x7e57ab1e;

function vorbisPacket(type: number, ...body: Buffer[]): Buffer {
  return Buffer.concat([Buffer.from([type]), Buffer.from('vorbis', 'latin1'), ...body]);
}

function identification(channels: 1 | 2, rate: number, nominalBitrate: number): Buffer {
  const b = Buffer.alloc(23);
  b.writeUInt32LE(0, 0); // vorbis_version
  b[4] = channels;
  b.writeUInt32LE(rate, 5);
  b.writeInt32LE(0, 9); // bitrate_maximum: unset
  b.writeInt32LE(nominalBitrate, 13);
  b.writeInt32LE(0, 17); // bitrate_minimum: unset
  b[21] = (LONG_BLOCK_LOG2 << 4) | SHORT_BLOCK_LOG2;
  b[22] = 1; // framing flag
  return vorbisPacket(1, b);
}

function comment(): Buffer {
  const vendor = Buffer.from('fleet-console test sample');
  const b = Buffer.alloc(4 + vendor.length + 4 + 1);
  b.writeUInt32LE(vendor.length, 0);
  vendor.copy(b, 4);
  b.writeUInt32LE(0, 4 + vendor.length); // no user comments
  b[b.length - 1] = 1; // framing bit
  return vorbisPacket(3, b);
}

/** Floor 1 (Vorbis I spec section 7.2.2) with one partition of one class whose only subclass book is "none". */
function floor1(bits: LsbBits): void {
  bits.write(1, 16); // floor type
  bits.write(1, 5).write(0, 4); // one partition, of class 0
  bits.write(0, 3).write(0, 2).write(0, 8); // class 0: dimension 1, no subclasses, its book "none"
  bits.write(1, 2).write(8, 4).write(128, 8); // multiplier 2, rangebits 8, the one X value
}

/** Residue 0 (section 8.6.1) with one classification whose cascade uses no books: it decodes to nothing. */
function residue0(bits: LsbBits): void {
  bits.write(0, 16); // residue type
  bits.write(0, 24).write(128, 24).write(31, 24); // begin, end, partition size - 1
  bits.write(0, 6).write(0, 8); // one classification, classbook 0
  bits.write(0, 3).write(0, 1); // its cascade: no books at any pass
}

/**
 * A setup header (section 4.2.4) shaped like libvorbis's: one two-entry codebook, two floors, two residues, two
 * mappings, and mode 0 (short blocks) and mode 1 (long blocks), each on its own mapping. The shape matters:
 * demuxers (FFmpeg's, codec-parser) find the modes by reading the header backwards, and the non-zero floor and
 * residue numbers of mapping 1 are what stop that scan at the true mode count.
 */
function setup(): Buffer {
  const bits = new LsbBits();
  bits.write(0, 8); // codebook count - 1
  bits.write(0x564342, 24).write(1, 16).write(2, 24); // sync, dimensions, entries
  bits.write(0, 1).write(0, 1).write(0, 5).write(0, 5); // not ordered, not sparse, two codewords of length 1
  bits.write(0, 4); // no lookup table
  bits.write(0, 6).write(0, 16); // time-domain transforms: one placeholder, 0
  bits.write(1, 6); // floor count - 1
  floor1(bits);
  floor1(bits);
  bits.write(1, 6); // residue count - 1
  residue0(bits);
  residue0(bits);
  bits.write(1, 6); // mapping count - 1
  for (const n of [0, 1]) {
    bits.write(0, 16); // mapping type 0
    bits.write(0, 1).write(0, 1).write(0, 2); // one submap, no coupling, reserved
    bits.write(0, 8).write(n, 8).write(n, 8); // submap 0: time placeholder, floor n, residue n
  }
  bits.write(1, 6); // mode count - 1
  for (const n of [0, 1]) bits.write(n, 1).write(0, 16).write(0, 16).write(n, 8); // blockflag, window, transform, mapping
  bits.write(1, 1); // framing bit
  return vorbisPacket(5, bits.toBuffer());
}

/**
 * One audio packet in mode 1 (a long block): packet type 0, mode 1, both neighbouring windows long, then each
 * channel's floor marked unused, which makes the whole block silence.
 */
function silentPacket(channels: 1 | 2): Buffer {
  const bits = new LsbBits().write(0, 1).write(1, 1).write(1, 1).write(1, 1);
  for (let c = 0; c < channels; c++) bits.write(0, 1);
  return bits.toBuffer();
}

/**
 * Ogg Vorbis: the identification header alone on the first page, comment and setup headers on the second, then
 * one-byte silent audio packets. The first packet yields no samples and each one after it 1024; the last page's
 * granule position trims the end to the exact duration, as the spec allows.
 */
export function oggVorbis({ durationS, sampleRate, channels }: SampleSpec): Buffer {
  const end = Math.max(1, Math.round(durationS * sampleRate));
  const count = Math.ceil(end / SAMPLES_PER_PACKET) + 1;
  const data = silentPacket(channels);
  const audio = Array.from({ length: count }, (_, i) => ({
    data,
    granule: BigInt(Math.min(end, i * SAMPLES_PER_PACKET)),
  }));
  const headerPages = (bitrate: number) => [
    [identification(channels, sampleRate, bitrate)],
    [comment(), setup()],
  ];
  // The nominal bitrate is the stream's real one; its value does not change the headers' size.
  const size = oggStream(SERIAL, headerPages(0), audio).length;
  return oggStream(SERIAL, headerPages(Math.round((size * 8) / (end / sampleRate))), audio);
}
