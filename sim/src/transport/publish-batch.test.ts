import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Recorder, startBroker } from '../test-support/broker.js';
import { PublishBatch, varintSize, writeVarint } from './publish-batch.js';

describe('PublishBatch', () => {
  it.each([
    { name: 'MQTT 3.1.1', version: 4 as const, retain: false, hex: '3007 0003 612f62 6869' },
    { name: 'MQTT 3.1.1 retained', version: 4 as const, retain: true, hex: '3107 0003 612f62 6869' },
    {
      name: 'MQTT 5 (empty properties)',
      version: 5 as const,
      retain: false,
      hex: '3008 0003 612f62 00 6869',
    },
  ])('frames a QoS 0 PUBLISH as the spec does: $name', ({ version, retain, hex }) => {
    const b = new PublishBatch(version);
    b.add('a/b', 'hi', retain);
    expect(b.take().toString('hex')).toBe(hex.replaceAll(' ', ''));
    expect(b.size).toBe(0);
  });

  it.each([
    [0, '00'],
    [127, '7f'],
    [128, '8001'],
    [16_383, 'ff7f'],
    [16_384, '808001'],
    [2_097_152, '80808001'],
  ])('remaining length %i is %s', (n, hex) => {
    const buf = Buffer.alloc(4);
    const end = writeVarint(buf, 0, n);
    expect(buf.subarray(0, end).toString('hex')).toBe(hex);
    expect(varintSize(n)).toBe(end);
  });

  it('a broker reads a batch of packets of every length class, including multi-byte UTF-8', async () => {
    const tb = await startBroker();
    const rec = await Recorder.connect(tb.url, 't/#');
    const socket = connect(Number(new URL(tb.url).port), '127.0.0.1');
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      // A bare CONNECT (MQTT 3.1.1, clean session, keepalive 60, client id "raw").
      socket.write(Buffer.from('100f00044d5154540402003c0003726177', 'hex'));
      const sizes = [0, 100, 20_000, 300_000];
      const batch = new PublishBatch(4);
      for (const n of sizes) batch.add(`t/${n}`, JSON.stringify({ s: 'ü'.repeat(n) }));
      socket.write(batch.take());
      for (const n of sizes) {
        const m = await rec.waitFor((r) => r.topic === `t/${n}`, `t/${n}`);
        expect((m.json as { s: string }).s).toHaveLength(n);
      }
    } finally {
      socket.destroy();
      await rec.close();
      await tb.close();
    }
  });
});
