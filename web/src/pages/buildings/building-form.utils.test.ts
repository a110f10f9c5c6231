import type { Building } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  type BuildingFormValues,
  emptyBuilding,
  formValuesOf,
  missingCoordinate,
  toCreateBody,
  toEditBody,
} from './building-form.utils';

const values = (v: Partial<BuildingFormValues>): BuildingFormValues => ({ ...emptyBuilding('UTC'), ...v });

describe('missingCoordinate', () => {
  it.each([
    ['neither', null, null, undefined],
    ['both', 52.5, 13.4, undefined],
    ['zero is a coordinate', 0, 0, undefined],
    ['latitude alone', 52.5, null, 'longitude'],
    ['longitude alone', null, 13.4, 'latitude'],
    ['undefined counts as absent', undefined, 13.4, 'latitude'],
    ['NaN counts as absent', Number.NaN, null, undefined],
  ] as const)('%s', (_, lat, lon, expected) => {
    expect(missingCoordinate(lat, lon)).toBe(expected);
  });
});

describe('toCreateBody', () => {
  it('trims the texts and sends the position when both coordinates are given', () => {
    expect(
      toCreateBody(
        values({
          name: ' HQ ',
          address: ' 1 Main St ',
          latitude: 52.5,
          longitude: 13.4,
          timeZone: 'Europe/Berlin',
        }),
      ),
    ).toEqual({
      name: 'HQ',
      address: '1 Main St',
      latitude: 52.5,
      longitude: 13.4,
      timeZone: 'Europe/Berlin',
    });
  });

  it('sends no position (null) when one coordinate is missing', () => {
    expect(toCreateBody(values({ name: 'HQ', latitude: 52.5 }))).toMatchObject({
      latitude: null,
      longitude: null,
    });
  });
});

describe('toEditBody', () => {
  it('sends every field, so clearing the address and position clears them', () => {
    expect(toEditBody('b1', values({ name: 'HQ' }))).toEqual({
      id: 'b1',
      name: 'HQ',
      address: '',
      latitude: null,
      longitude: null,
      timeZone: 'UTC',
    });
  });
});

describe('formValuesOf', () => {
  it('shows a building without an address as an empty field', () => {
    const b: Building = {
      id: 'b1',
      name: 'HQ',
      address: null,
      latitude: null,
      longitude: null,
      timeZone: 'UTC',
      floorCount: 0,
      robotCount: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
    };
    expect(formValuesOf(b)).toEqual(values({ name: 'HQ' }));
  });
});
