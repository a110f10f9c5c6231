/**
 * A short tone as a WAV file (16-bit PCM, mono, 22,050 Hz), made in the test: what an operator uploads as a
 * prompt. Faded in and out, so it is a real, clean sound.
 */
export function chimeWav(hz: number, seconds: number): Buffer {
  const rate = 22_050;
  const n = Math.round(rate * seconds);
  const data = Buffer.alloc(n * 2);
  const fade = Math.round(rate * 0.02);
  for (let i = 0; i < n; i++) {
    const envelope = Math.min(1, i / fade, (n - 1 - i) / fade);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 0.5 * envelope * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
