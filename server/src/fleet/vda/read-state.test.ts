import { describe, expect, it } from 'vitest';
import { vdaState } from './messages.js';
import { readState } from './read-state.js';
import {
  STATE_PATHS as PATHS,
  STATE_VALUES as VALUES,
  stateSample as valid,
  withValue as withValueAt,
} from './schema-cases.fixture.js';

const withValue = (path: string, value: unknown) => withValueAt(valid(), path, value);

describe('readState', () => {
  it('accepts a valid message as it is, without a copy', () => {
    const m = valid();
    expect(readState(m)).toBe(m);
  });

  it('gives the schema’s verdict for every field missing, mistyped or out of range', () => {
    let refused = 0;
    for (const path of PATHS)
      for (const value of VALUES) {
        const m = withValue(path, value);
        const zod = vdaState.safeParse(m).success;
        expect(readState(m) !== null, `${path} = ${JSON.stringify(value)?.slice(0, 40)}`).toBe(zod);
        if (!zod) refused++;
      }
    // The cases are not all accepted: the comparison above has refusals to agree on.
    expect(refused).toBeGreaterThan(PATHS.length * 5);
    for (const m of [null, 1, 'x', [], {}]) {
      expect(readState(m)).toBeNull();
      expect(vdaState.safeParse(m).success).toBe(false);
    }
  });

  it('holds lists to their limits as the schema does', () => {
    const many = (n: number) =>
      withValue(
        'errors',
        Array.from({ length: n }, () => ({ errorType: 'x', errorLevel: 'FATAL' })),
      );
    expect(readState(many(200))).not.toBeNull();
    expect(readState(many(201))).toBeNull();
    expect(vdaState.safeParse(many(201)).success).toBe(false);
  });
});
