import { describe, expect, it } from 'vitest';
import { cleaningAreas } from './cleaning-report.js';

describe('cleaningAreas', () => {
  it('reads the cleaned and planned areas in square metres', () => {
    expect(cleaningAreas('cleanedAreaM2=112.5 plannedAreaM2=150')).toEqual({
      cleanedAreaM2: 112.5,
      plannedAreaM2: 150,
    });
    expect(cleaningAreas('plannedAreaM2 = 80; cleanedAreaM2 = 12')).toEqual({
      cleanedAreaM2: 12,
      plannedAreaM2: 80,
    });
  });

  it('leaves out what is not said, garbled, negative or beyond any building', () => {
    expect(cleaningAreas(undefined)).toEqual({ cleanedAreaM2: null, plannedAreaM2: null });
    expect(cleaningAreas('cleaning the lobby')).toEqual({ cleanedAreaM2: null, plannedAreaM2: null });
    expect(cleaningAreas('cleanedAreaM2=-4 plannedAreaM2=abc')).toEqual({
      cleanedAreaM2: null,
      plannedAreaM2: null,
    });
    expect(cleaningAreas('cleanedAreaM2=99999999999')).toEqual({ cleanedAreaM2: null, plannedAreaM2: null });
    expect(cleaningAreas('mycleanedAreaM2=5')).toEqual({ cleanedAreaM2: null, plannedAreaM2: null });
  });
});
