import { oggStream } from './ogg-page.js';
import type { SampleSpec } from './spec.js';

/** Opus always decodes at 48 kHz; granule positions count 48 kHz samples (RFC 7845 section 4). */
const OPUS_RATE = 48000;
/** What libopus's encoder asks the decoder to drop at the start. */
const PRE_SKIP = 312;
/** Six 20 ms frames: 120 ms, the longest an Opus packet may carry (RFC 6716 section 3.2.5). */
const FRAMES_PER_PACKET = 6;
const SAMPLES_PER_PACKET = FRAMES_PER_PACKET * 960;
/**
 * A CELT-only fullband 20 ms frame whose first range-coded symbol, the silence flag, reads as set: the frame
 * decodes to silence. WebRTC sends the same bytes as its silence frame.
 */
const SILENT_FRAME = [0xff, 0xfe];
const SERIAL = 0x0905ea1;

function opusHead(channels: 1 | 2, inputRate: number): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = channels;
  head.writeUInt16LE(PRE_SKIP, 10);
  head.writeUInt32LE(inputRate, 12);
  head.writeInt16LE(0, 16); // output gain
  head[18] = 0; // mapping family 0: mono or stereo, no table
  return head;
}

function opusTags(): Buffer {
  const vendor = Buffer.from('fleet-console test sample');
  const counts = Buffer.alloc(4);
  return Buffer.concat([Buffer.from('OpusTags', 'latin1'), le32(vendor.length), vendor, counts]);
}

function le32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

/**
 * Ogg Opus (RFC 7845): OpusHead alone on the first page, OpusTags on the second, then code-3 packets (RFC 6716
 * section 3.2.5) of six silent frames. The last page's granule position, minus the pre-skip, is the duration to the
 * sample: it trims the last packet, as the RFC allows for the end of a stream.
 */
export function oggOpus({ durationS, sampleRate, channels }: SampleSpec): Buffer {
  const toc = (31 << 3) | ((channels - 1) << 2) | 3; // config 31 (CELT FB 20 ms), stereo flag, code 3
  const packet = Uint8Array.from([
    toc,
    FRAMES_PER_PACKET,
    ...Array.from({ length: FRAMES_PER_PACKET }, () => SILENT_FRAME).flat(),
  ]);
  const end = PRE_SKIP + Math.max(1, Math.round(durationS * OPUS_RATE));
  const count = Math.ceil(end / SAMPLES_PER_PACKET);
  const audio = Array.from({ length: count }, (_, i) => ({
    data: packet,
    granule: BigInt(Math.min(end, (i + 1) * SAMPLES_PER_PACKET)),
  }));
  return oggStream(SERIAL, [[opusHead(channels, sampleRate)], [opusTags()]], audio);
}
