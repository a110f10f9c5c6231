/**
 * Ogg framing (RFC 3533): packets laced into pages, each page with its CRC-32 (polynomial 0x04C11DB7, not
 * reflected, initial value 0, computed with the checksum field zeroed).
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

export function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ b) & 0xff] ?? 0)) >>> 0;
  return crc;
}

export interface OggPageSpec {
  serial: number;
  sequence: number;
  /** The codec's sample position at the end of the last packet that ends on this page. */
  granule: bigint;
  packets: readonly Uint8Array[];
  bos?: boolean;
  eos?: boolean;
}

/** One page holding whole packets only (none continued), so at most 255 lacing values. */
export function oggPage(spec: OggPageSpec): Buffer {
  const lacing: number[] = [];
  for (const packet of spec.packets) {
    // A packet whose length is a multiple of 255 needs a closing 0, which this loop gives it.
    let left = packet.length;
    for (; left >= 255; left -= 255) lacing.push(255);
    lacing.push(left);
  }
  if (lacing.length > 255) throw new Error(`${lacing.length} lacing values do not fit one Ogg page`);
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'latin1');
  header[4] = 0; // stream structure version
  header[5] = (spec.bos ? 0x02 : 0) | (spec.eos ? 0x04 : 0);
  header.writeBigInt64LE(spec.granule, 6);
  header.writeUInt32LE(spec.serial, 14);
  header.writeUInt32LE(spec.sequence, 18);
  header[26] = lacing.length;
  Buffer.from(lacing).copy(header, 27);
  const page = Buffer.concat([header, ...spec.packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

export interface OggAudioPacket {
  data: Uint8Array;
  /** Granule position once this packet is decoded. */
  granule: bigint;
}

/**
 * A whole logical stream: each entry of `headerPages` on its own page(s) with granule 0 (the first with BOS),
 * as Vorbis and Opus require, then the audio packets packed into as few pages as lacing allows, the last
 * page marked EOS.
 */
export function oggStream(
  serial: number,
  headerPages: readonly (readonly Uint8Array[])[],
  audio: readonly OggAudioPacket[],
): Buffer {
  const pages: Buffer[] = [];
  let sequence = 0;
  headerPages.forEach((packets, i) => {
    pages.push(oggPage({ serial, sequence: sequence++, granule: 0n, packets, bos: i === 0 }));
  });
  let batch: OggAudioPacket[] = [];
  let laced = 0;
  const flush = (eos: boolean) => {
    const granule = batch.at(-1)?.granule ?? 0n;
    pages.push(oggPage({ serial, sequence: sequence++, granule, packets: batch.map((p) => p.data), eos }));
    batch = [];
    laced = 0;
  };
  for (const packet of audio) {
    const lacing = Math.floor(packet.data.length / 255) + 1;
    if (laced + lacing > 255) flush(false);
    batch.push(packet);
    laced += lacing;
  }
  flush(true);
  return Buffer.concat(pages);
}
