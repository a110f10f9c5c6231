import { describe, expect, it } from 'vitest';
import {
  initialUploadValues,
  type MapUploadValues,
  mapSize,
  resolutionAllowed,
  toUploadBody,
} from './map-upload.utils';

const FOOT = 0.3048;
const image = {
  name: 'plan.png',
  type: 'image/png' as const,
  base64: 'iVBORw0KGgo=',
  width: 1200,
  height: 800,
  file: new Blob(),
};
const grey = { width: 1, height: 1, grey: new Uint8ClampedArray([0]) };

describe('toUploadBody', () => {
  it('sends an image with its scale and origin in metres, from metric input', () => {
    const values: MapUploadValues = { format: 'image', image, resolution: 0.05, originX: -2, originY: 1.5 };
    expect(toUploadBody(values, 'metric')).toEqual({
      format: 'image',
      image: 'iVBORw0KGgo=',
      resolution: 0.05,
      origin: { x: -2, y: 1.5 },
    });
  });

  it('converts feet per pixel and an origin in feet to metres', () => {
    const body = toUploadBody(
      { format: 'image', image, resolution: 0.5, originX: 10, originY: null },
      'imperial',
    );
    expect(body?.format).toBe('image');
    if (body?.format !== 'image') return;
    expect(body.resolution).toBeCloseTo(0.5 * FOOT, 12);
    expect(body.origin?.x).toBeCloseTo(10 * FOOT, 12);
    expect(body.origin?.y).toBe(0);
  });

  it('waits for the image and its resolution', () => {
    expect(toUploadBody({ format: 'image', resolution: 0.05 }, 'metric')).toBeUndefined();
    expect(toUploadBody({ format: 'image', image, resolution: null }, 'metric')).toBeUndefined();
  });

  it('sends a ROS pair as the PGM in base64 and the YAML as text, ignoring the image fields', () => {
    const values: MapUploadValues = {
      format: 'ros',
      image,
      resolution: 3,
      ros: {
        pgm: { name: 'm.pgm', base64: 'UDUK', image: grey },
        yaml: { name: 'm.yaml', text: 'resolution: 0.05' },
      },
    };
    expect(toUploadBody(values, 'imperial')).toEqual({
      format: 'ros',
      pgm: 'UDUK',
      yaml: 'resolution: 0.05',
    });
  });

  it('waits for both files of a ROS pair', () => {
    expect(
      toUploadBody({ format: 'ros', ros: { yaml: { name: 'm.yaml', text: 'x' } } }, 'metric'),
    ).toBeUndefined();
  });
});

describe('initialUploadValues', () => {
  it('starts at 5 cm a pixel in the user’s unit', () => {
    expect(initialUploadValues('metric').resolution).toBe(0.05);
    expect(initialUploadValues('imperial').resolution).toBe(0.164);
  });
});

describe('mapSize / resolutionAllowed', () => {
  it('is pixels times metres per pixel', () => {
    expect(mapSize(1200, 800, 0.05)).toEqual({ width: 60, height: 40 });
  });

  it.each([
    [0.05, 'metric', true],
    [10, 'metric', true],
    [10.01, 'metric', false],
    [0, 'metric', false],
    [-1, 'metric', false],
    [32.8, 'imperial', true],
    [33, 'imperial', false],
  ] as const)('%f per pixel in %s: %s', (shown, system, allowed) => {
    expect(resolutionAllowed(shown, system)).toBe(allowed);
  });
});
