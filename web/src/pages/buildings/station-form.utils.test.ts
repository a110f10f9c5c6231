import type { Station } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  degreesOf,
  mapExtent,
  newStationValues,
  normaliseDegrees,
  onMap,
  radiansOf,
  stationValuesOf,
  toCreateStationBody,
  toEditStationBody,
} from './station-form.utils';

const FOOT = 0.3048;

describe('degrees and radians', () => {
  it.each([
    [0, 0],
    [90, 90],
    [180, 180],
    [-180, 180],
    [270, -90],
    [-270, 90],
    [725, 5],
  ])('%d° is %d° after folding', (typed, folded) => {
    expect(normaliseDegrees(typed)).toBe(folded);
  });

  it.each([
    [0, 0],
    [90, Math.PI / 2],
    [-90, -Math.PI / 2],
    [180, Math.PI],
    [270, -Math.PI / 2],
  ])('%d° is %f rad, within the contract’s −π … π', (degrees, radians) => {
    expect(radiansOf(degrees)).toBeCloseTo(radians, 12);
    expect(Math.abs(radiansOf(degrees))).toBeLessThanOrEqual(Math.PI);
  });

  it('shows radians as degrees to a tenth', () => {
    expect(degreesOf(Math.PI / 2)).toBe(90);
    expect(degreesOf(-Math.PI)).toBe(180);
    expect(degreesOf(1)).toBe(57.3);
  });
});

const station: Station = {
  id: 's1',
  floorId: 'f1',
  name: 'Dock',
  x: 3.048,
  y: -1.524,
  theta: Math.PI / 2,
  charger: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('station form values', () => {
  it('shows a station in feet and degrees to an imperial user', () => {
    expect(stationValuesOf(station, 'imperial')).toEqual({
      name: 'Dock',
      x: 10,
      y: -5,
      heading: 90,
      charger: true,
    });
  });

  it('starts a new station at the clicked point, rounded to the centimetre', () => {
    expect(newStationValues({ x: 1.23456, y: 7.891 }, 'metric')).toEqual({
      name: '',
      x: 1.23,
      y: 7.89,
      heading: 0,
      charger: false,
    });
  });

  it('sends metres and radians whatever the user typed in', () => {
    const body = toCreateStationBody(
      'f1',
      { name: ' Dock ', x: 10, y: -5, heading: 270, charger: true },
      'imperial',
    );
    expect(body.floorId).toBe('f1');
    expect(body.name).toBe('Dock');
    expect(body.x).toBeCloseTo(10 * FOOT, 12);
    expect(body.y).toBeCloseTo(-5 * FOOT, 12);
    expect(body.theta).toBeCloseTo(-Math.PI / 2, 12);
    expect(body.charger).toBe(true);
  });

  it('edits a station by id with every field', () => {
    expect(toEditStationBody('s1', { name: 'A', x: 1, y: 2, heading: 0, charger: false }, 'metric')).toEqual({
      id: 's1',
      name: 'A',
      x: 1,
      y: 2,
      theta: 0,
      charger: false,
    });
  });
});

describe('onMap', () => {
  const map = { bounds: { minX: 0, minY: -3.048, maxX: 30.48, maxY: 3.048 } };
  it.each([
    ['x', 0, 'metric', true],
    ['x', 30.48, 'metric', true],
    ['x', 30.5, 'metric', false],
    ['x', -0.01, 'metric', false],
    ['y', 9.99, 'imperial', true],
    ['y', -10.01, 'imperial', false],
    ['x', 100, 'imperial', true],
    ['x', 100.1, 'imperial', false],
  ] as const)('%s = %f in %s: %s', (axis, shown, system, expected) => {
    expect(onMap(map, axis, shown, system)).toBe(expected);
  });

  it('takes anything on a floor without a map', () => {
    expect(onMap(null, 'x', 1e6, 'metric')).toBe(true);
    expect(mapExtent(null, 'y')).toBeUndefined();
    expect(mapExtent(map, 'y')).toEqual({ min: -3.048, max: 3.048 });
  });
});
