import { AAC_FRAME_SAMPLES, aacRateIndex, silentAacFrame } from './aac-frame.js';
import { MsbBits } from './bits.js';
import type { SampleSpec } from './spec.js';

const HEADER_BYTES = 7;
/** The ADTS profile field is the audio object type minus one: AAC LC. */
const AAC_LC_PROFILE = 1;
/**
 * music-metadata stops scanning an MPEG/ADTS stream once 163 bytes or fewer are left, so frames starting in the
 * last 163 bytes go uncounted. Padding the last frame past that (AAC frames vary in length anyway) lets it
 * count every frame.
 */
const LAST_FRAME_BYTES = 200;

function adtsFrame(raw: Buffer, rateIndex: number, channels: 1 | 2): Buffer {
  const header = new MsbBits()
    .write(0xfff, 12) // syncword
    .write(0, 1) // MPEG-4
    .write(0, 2) // layer
    .write(1, 1) // protection_absent: no CRC
    .write(AAC_LC_PROFILE, 2)
    .write(rateIndex, 4)
    .write(0, 1) // private bit
    .write(channels, 3)
    .write(0, 4) // original/copy, home, copyright id bit and start
    .write(HEADER_BYTES + raw.length, 13)
    .write(0x7ff, 11) // buffer fullness: variable bitrate
    .write(0, 2) // one raw data block in the frame
    .toBuffer();
  return Buffer.concat([header, raw]);
}

/**
 * Bare AAC: a run of ADTS frames (ISO/IEC 14496-3 section 1.A.2), each a silent AAC-LC raw data block. ADTS has no
 * duration field, so the length is whole frames of 1024 samples, the nearest to the duration asked for.
 */
export function adtsAac({ durationS, sampleRate, channels }: SampleSpec): Buffer {
  const rateIndex = aacRateIndex(sampleRate);
  const count = Math.max(1, Math.round((durationS * sampleRate) / AAC_FRAME_SAMPLES));
  const frame = adtsFrame(silentAacFrame(channels), rateIndex, channels);
  let last = frame;
  for (let fill = 1; last.length < LAST_FRAME_BYTES; fill++) {
    last = adtsFrame(silentAacFrame(channels, fill), rateIndex, channels);
  }
  return Buffer.concat([...Array<Buffer>(count - 1).fill(frame), last]);
}
