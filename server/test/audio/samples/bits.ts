/**
 * Bit packers for codec headers. MPEG (MP3, ADTS, AAC) fills each byte from its most significant bit and
 * writes a value's high bit first; Vorbis (I spec section 2.1.4) fills from the least significant bit and writes a
 * value's low bit first. The last byte is padded with zero bits.
 */
export class MsbBits {
  private readonly bytes: number[] = [];
  private acc = 0;
  private used = 0;

  write(value: number, width: number): this {
    for (let i = width - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | (Math.floor(value / 2 ** i) & 1);
      if (++this.used === 8) {
        this.bytes.push(this.acc);
        this.acc = 0;
        this.used = 0;
      }
    }
    return this;
  }

  toBuffer(): Buffer {
    return Buffer.from(this.used ? [...this.bytes, this.acc << (8 - this.used)] : this.bytes);
  }
}

export class LsbBits {
  private readonly bytes: number[] = [];
  private acc = 0;
  private used = 0;

  write(value: number, width: number): this {
    for (let i = 0; i < width; i++) {
      this.acc |= (Math.floor(value / 2 ** i) & 1) << this.used;
      if (++this.used === 8) {
        this.bytes.push(this.acc);
        this.acc = 0;
        this.used = 0;
      }
    }
    return this;
  }

  toBuffer(): Buffer {
    return Buffer.from(this.used ? [...this.bytes, this.acc] : this.bytes);
  }
}
