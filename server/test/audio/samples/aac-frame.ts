import { MsbBits } from './bits.js';

/** The sampling-frequency table of MPEG-4 Audio (ISO/IEC 14496-3 section 1.6.3.4); an index is 4 bits. */
const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

export const AAC_FRAME_SAMPLES = 1024;
const AAC_LC = 2;
const ID_SCE = 0;
const ID_CPE = 1;
const ID_FIL = 6;
const ID_END = 7;

export function aacRateIndex(rate: number): number {
  const i = AAC_RATES.indexOf(rate);
  if (i < 0) throw new Error(`AAC has no table entry for ${rate} Hz`);
  return i;
}

/** AudioSpecificConfig: AAC LC, the rate's index, the channel configuration, a plain GASpecificConfig. */
export function audioSpecificConfig(rate: number, channels: 1 | 2): Buffer {
  return new MsbBits()
    .write(AAC_LC, 5)
    .write(aacRateIndex(rate), 4)
    .write(channels, 4)
    .write(0, 3)
    .toBuffer();
}

/** ics_info of a long window with no scale-factor bands, so nothing after it carries spectral data. */
function icsInfo(bits: MsbBits): void {
  bits.write(0, 1); // ics_reserved_bit
  bits.write(0, 2); // ONLY_LONG_SEQUENCE
  bits.write(0, 1); // sine window
  bits.write(0, 6); // max_sfb
  bits.write(0, 1); // predictor_data_present
}

function channelStream(bits: MsbBits, commonWindow: boolean): void {
  bits.write(100, 8); // global_gain: with no bands it scales nothing
  if (!commonWindow) icsInfo(bits);
  bits.write(0, 3); // no pulse, TNS or gain-control data
}

/**
 * One AAC-LC raw_data_block that decodes to 1024 samples of silence: a single channel element (SCE) or a
 * channel pair (CPE, common window) with max_sfb = 0, then END. `fillBytes` adds a FIL element of that many
 * payload bytes (1 to 269), the standard way to make a frame longer.
 */
export function silentAacFrame(channels: 1 | 2, fillBytes = 0): Buffer {
  const bits = new MsbBits();
  if (channels === 1) {
    bits.write(ID_SCE, 3).write(0, 4);
    channelStream(bits, false);
  } else {
    bits.write(ID_CPE, 3).write(0, 4).write(1, 1); // common_window
    icsInfo(bits);
    bits.write(0, 2); // ms_mask_present
    channelStream(bits, true);
    channelStream(bits, true);
  }
  if (fillBytes > 0) {
    if (fillBytes > 15 + 255 - 1) throw new Error('one FIL element holds at most 269 bytes');
    bits.write(ID_FIL, 3);
    if (fillBytes < 15) bits.write(fillBytes, 4);
    else bits.write(15, 4).write(fillBytes - 14, 8); // count = 15 + esc_count - 1
    bits.write(0, 8); // extension_type EXT_FILL, fill_nibble
    for (let i = 1; i < fillBytes; i++) bits.write(0b10100101, 8); // fill_byte
  }
  bits.write(ID_END, 3);
  return bits.toBuffer();
}
