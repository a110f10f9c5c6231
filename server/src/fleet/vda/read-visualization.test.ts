import { describe, expect, it } from 'vitest';
import { vdaVisualization } from './messages.js';
import { readVisualization } from './read-visualization.js';
import {
  VISUALIZATION_PATHS as PATHS,
  VISUALIZATION_VALUES as VALUES,
  visualizationSample as valid,
  withValue as withValueAt,
} from './schema-cases.fixture.js';

const withValue = (path: string, value: unknown) => withValueAt(valid(), path, value);

describe('readVisualization', () => {
  it('accepts a valid message as it is, without a copy', () => {
    const m = valid();
    expect(readVisualization(m)).toBe(m);
  });

  it('gives the schema’s verdict for every field missing, mistyped or out of range', () => {
    const cases = PATHS.flatMap((path) => VALUES.map((value) => ({ path, value })));
    for (const { path, value } of cases) {
      const m = withValue(path, value);
      expect(readVisualization(m) !== null, `${path} = ${String(value)}`).toBe(
        vdaVisualization.safeParse(m).success,
      );
    }
    for (const m of [null, 1, 'x', [], {}]) {
      expect(readVisualization(m)).toBeNull();
      expect(vdaVisualization.safeParse(m).success).toBe(false);
    }
  });
});
