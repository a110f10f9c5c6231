import { describe, expect, it } from 'vitest';
import { bytesToBase64, imageTypeOf, readPgm, readRosYaml, rgbaOf, rosFileKind } from './map-file.utils';

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new TextEncoder().encode(s);

describe('bytesToBase64', () => {
  it('matches Node’s encoding, also past one chunk', () => {
    const big = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    expect(bytesToBase64(big)).toBe(Buffer.from(big).toString('base64'));
    expect(bytesToBase64(ascii('map'))).toBe('bWFw');
    expect(bytesToBase64(new Uint8Array())).toBe('');
  });
});

describe('imageTypeOf', () => {
  it.each([
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['GIF', ascii('GIF89a'), undefined],
    ['PGM', ascii('P5\n2 2\n255\n'), undefined],
    ['empty', bytes(), undefined],
  ] as const)('%s', (_, head, expected) => {
    expect(imageTypeOf(head)).toBe(expected);
  });
});

describe('rosFileKind', () => {
  it.each([
    ['a binary PGM by its magic number', 'map.pgm', ascii('P5\n10 10\n255\n'), 'pgm'],
    ['a plain PGM whatever its name', 'map.txt', ascii('P2 10 10 255'), 'pgm'],
    ['a YAML by its name', 'office.yml', ascii('image: office.pgm'), 'yaml'],
    ['a YAML by its resolution line', 'map-config', ascii('image: m.pgm\nresolution: 0.05\n'), 'yaml'],
    ['neither', 'photo.png', bytes(0x89, 0x50, 0x4e, 0x47), undefined],
    ['a PNG named .pgm', 'map.pgm', bytes(0x89, 0x50, 0x4e, 0x47), undefined],
  ] as const)('%s', (_, name, head, expected) => {
    expect(rosFileKind(name, head)).toBe(expected);
  });
});

describe('readRosYaml', () => {
  it('reads map_server’s scale fields', () => {
    const yaml =
      'image: office.pgm\nresolution: 0.050000\norigin: [-12.5, -3.2e1, 0.0]\nnegate: 0\noccupied_thresh: 0.65\n';
    expect(readRosYaml(yaml)).toEqual({ resolution: 0.05, origin: { x: -12.5, y: -32 }, negate: false });
  });

  it('reads negate and a comment after the resolution', () => {
    expect(readRosYaml('resolution: 0.1 # 10 cm\nnegate: 1')).toEqual({
      resolution: 0.1,
      origin: undefined,
      negate: true,
    });
  });

  it('leaves out what it cannot read', () => {
    expect(readRosYaml('resolution: fine\norigin: here')).toEqual({
      resolution: undefined,
      origin: undefined,
      negate: false,
    });
    expect(readRosYaml('resolution: 0').resolution).toBeUndefined();
  });
});

describe('readPgm', () => {
  it('reads a binary PGM with a comment in its header', () => {
    const header = ascii('P5\n# made by map_saver\n3 2\n255\n');
    const file = new Uint8Array([...header, 0, 127, 255, 254, 205, 0]);
    expect(readPgm(file)).toEqual({
      width: 3,
      height: 2,
      grey: new Uint8ClampedArray([0, 127, 255, 254, 205, 0]),
    });
  });

  it('scales a 16-bit PGM to 8 bits', () => {
    const file = new Uint8Array([...ascii('P5 2 1 65535\n'), 0xff, 0xff, 0x00, 0x00]);
    expect(readPgm(file)?.grey).toEqual(new Uint8ClampedArray([255, 0]));
  });

  it('reads a plain PGM', () => {
    expect(readPgm(ascii('P2\n2 2\n15\n0 15\n15 0\n'))?.grey).toEqual(
      new Uint8ClampedArray([0, 255, 255, 0]),
    );
  });

  it.each([
    ['not a PGM', ascii('P6\n1 1\n255\n\0\0\0')],
    ['a short pixel block', new Uint8Array([...ascii('P5\n4 4\n255\n'), 1, 2])],
    ['a missing size', ascii('P5\n\n')],
    ['a plain PGM cut short', ascii('P2 2 2 255 0 1')],
  ])('refuses %s', (_, file) => {
    expect(readPgm(file)).toBeUndefined();
  });
});

describe('rgbaOf', () => {
  it('repeats each grey level in red, green and blue, fully opaque', () => {
    expect([...rgbaOf({ width: 2, height: 1, grey: new Uint8ClampedArray([10, 200]) })]).toEqual([
      10, 10, 10, 255, 200, 200, 200, 255,
    ]);
  });
});
