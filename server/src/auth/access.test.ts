import { describe, expect, it } from 'vitest';
import { effectiveRole } from './access.js';

describe('effectiveRole', () => {
  it.each([
    [{ role: 'owner', parentRole: null, isSuperAdmin: false }, 'owner'],
    [{ role: 'staff', parentRole: 'owner', isSuperAdmin: true }, 'staff'],
    [{ role: null, parentRole: 'owner', isSuperAdmin: false }, 'admin'],
    [{ role: null, parentRole: 'admin', isSuperAdmin: false }, 'admin'],
    [{ role: null, parentRole: 'staff', isSuperAdmin: false }, null],
    [{ role: null, parentRole: null, isSuperAdmin: true }, 'admin'],
    [{ role: null, parentRole: null, isSuperAdmin: false }, null],
  ] as const)('%o acts as %s', (facts, expected) => {
    expect(effectiveRole(facts)).toBe(expected);
  });
});
