import { AAC_FRAME_SAMPLES, audioSpecificConfig, silentAacFrame } from './aac-frame.js';
import type { SampleSpec } from './spec.js';

/** Big-endian unsigned integers of `bytes` bytes each. */
function be(bytes: 1 | 2 | 4, ...values: number[]): Buffer {
  const out = Buffer.alloc(bytes * values.length);
  values.forEach((v, i) => {
    out.writeUIntBE(v, i * bytes, bytes);
  });
  return out;
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([be(4, 8 + body.length), Buffer.from(type, 'latin1'), body]);
}

function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  return box(type, be(4, version * 0x1000000 + flags), ...parts);
}

/** An MPEG-4 descriptor (ISO/IEC 14496-1 section 7.2.2) with a one-byte size: every one here is under 128 bytes. */
function descriptor(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([be(1, tag, body.length), body]);
}

const UNITY_MATRIX = be(4, 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);
const MOVIE_TIMESCALE = 1000;

function esds(rate: number, channels: 1 | 2, bitrate: number): Buffer {
  const decoderConfig = descriptor(
    0x04,
    be(1, 0x40), // objectTypeIndication: MPEG-4 Audio
    be(1, (0x05 << 2) | 1), // streamType audio, upStream 0, reserved 1
    Buffer.alloc(3), // bufferSizeDB
    be(4, bitrate, bitrate), // maxBitrate, avgBitrate
    descriptor(0x05, audioSpecificConfig(rate, channels)),
  );
  const es = descriptor(0x03, be(2, 1), be(1, 0), decoderConfig, descriptor(0x06, be(1, 0x02)));
  return fullBox('esds', 0, 0, es);
}

/**
 * M4A: `ftyp` (brand M4A), `moov` with one sound track of AAC LC, then `mdat` with silent AAC frames. The track
 * runs in the sample rate's units; its last frame is given a shorter time-to-sample delta so the media duration
 * is exactly the one asked for, as encoders trim the end.
 */
export function m4a({ durationS, sampleRate, channels }: SampleSpec): Buffer {
  const samples = Math.max(1, Math.round(durationS * sampleRate));
  const count = Math.ceil(samples / AAC_FRAME_SAMPLES);
  const lastDelta = samples - (count - 1) * AAC_FRAME_SAMPLES;
  const frame = silentAacFrame(channels);
  const movieDuration = Math.round((samples / sampleRate) * MOVIE_TIMESCALE);
  const bitrate = Math.round((frame.length * 8 * sampleRate) / AAC_FRAME_SAMPLES);

  const ftyp = box('ftyp', Buffer.from('M4A ', 'latin1'), be(4, 0), Buffer.from('M4A mp42isom', 'latin1'));
  const mvhd = fullBox(
    'mvhd',
    0,
    0,
    be(4, 0, 0, MOVIE_TIMESCALE, movieDuration, 0x10000), // times, timescale, duration, rate 1.0
    be(2, 0x100, 0), // volume 1.0, reserved
    Buffer.alloc(8),
    UNITY_MATRIX,
    Buffer.alloc(24), // pre_defined
    be(4, 2), // next_track_ID
  );
  const tkhd = fullBox(
    'tkhd',
    0,
    0x7, // enabled, in movie, in preview
    be(4, 0, 0, 1, 0, movieDuration), // times, track_ID, reserved, duration
    Buffer.alloc(8),
    be(2, 0, 1, 0x100, 0), // layer, alternate_group, volume 1.0, reserved
    UNITY_MATRIX,
    be(4, 0, 0), // width, height: none for sound
  );
  const mdhd = fullBox('mdhd', 0, 0, be(4, 0, 0, sampleRate, samples), be(2, 0x55c4, 0)); // language 'und'
  const hdlr = fullBox(
    'hdlr',
    0,
    0,
    be(4, 0),
    Buffer.from('soun', 'latin1'),
    Buffer.alloc(12),
    Buffer.from('SoundHandler\0'),
  );
  const smhd = fullBox('smhd', 0, 0, be(2, 0, 0));
  const dinf = box('dinf', fullBox('dref', 0, 0, be(4, 1), fullBox('url ', 0, 1)));
  const mp4a = box(
    'mp4a',
    Buffer.alloc(6),
    be(2, 1), // data_reference_index
    Buffer.alloc(8),
    be(2, channels, 16, 0, 0), // channelcount, samplesize, pre_defined, reserved
    be(4, sampleRate * 0x10000), // 16.16 fixed point
    esds(sampleRate, channels, bitrate),
  );
  const stts =
    lastDelta === AAC_FRAME_SAMPLES
      ? fullBox('stts', 0, 0, be(4, 1, count, AAC_FRAME_SAMPLES))
      : fullBox('stts', 0, 0, be(4, 2, count - 1, AAC_FRAME_SAMPLES, 1, lastDelta));
  const stsc = fullBox('stsc', 0, 0, be(4, 1, 1, count, 1)); // every sample in one chunk
  // A table of sizes rather than one shared size: music-metadata takes the bitrate from the table only.
  const sizes = Buffer.alloc(4 * count);
  for (let i = 0; i < count; i++) sizes.writeUInt32BE(frame.length, 4 * i);
  const stsz = fullBox('stsz', 0, 0, be(4, 0, count), sizes);
  const moovWith = (chunkOffset: number) =>
    box(
      'moov',
      mvhd,
      box(
        'trak',
        tkhd,
        box(
          'mdia',
          mdhd,
          hdlr,
          box(
            'minf',
            smhd,
            dinf,
            box(
              'stbl',
              fullBox('stsd', 0, 0, be(4, 1), mp4a),
              stts,
              stsc,
              stsz,
              fullBox('stco', 0, 0, be(4, 1, chunkOffset)),
            ),
          ),
        ),
      ),
    );
  // The chunk offset counts from the file's start, and the moov before mdat has the same size whatever it says.
  const moov = moovWith(ftyp.length + moovWith(0).length + 8);
  const mdat = box('mdat', ...Array<Buffer>(count).fill(frame));
  return Buffer.concat([ftyp, moov, mdat]);
}
