import { describe, expect, it } from 'vitest';
import { formatLength } from '../../units/units';
import { scaleBar } from './scale-bar';

describe('scaleBar', () => {
  it.each([
    // ppm, max px, system, expected label
    [10, 120, 'metric', '10 m'],
    [10, 100, 'metric', '10 m'],
    [10, 99, 'metric', '5 m'],
    [100, 120, 'metric', '1 m'],
    [1, 120, 'metric', '100 m'],
    [0.5, 120, 'metric', '200 m'],
    [400, 120, 'metric', '0.2 m'],
    [10, 120, 'imperial', '20 ft'],
    [1, 120, 'imperial', '200 ft'],
  ] as const)('%d px/m in %d px, %s → %s', (ppm, max, system, label) => {
    const bar = scaleBar(ppm, max, system);
    expect(bar.pixels).toBeLessThanOrEqual(max);
    expect(formatLength(bar.metres, { system, digits: 1 })).toBe(label);
  });
});
