import { describe, expect, it } from 'vitest';
import { fieldChanges } from './config-changes.js';

describe('config history (LIFTS-CONFIG-HISTORY)', () => {
  it('lists only the fields an edit changes, with their old and new values', () => {
    const before = {
      name: 'Bank A',
      vendor: 'kone',
      policy: { doorHoldS: 10 },
      credential: 'old' as string | null,
    };
    expect(fieldChanges(before, { name: 'Bank A', policy: { doorHoldS: 20 }, vendor: undefined })).toEqual([
      { field: 'policy', from: { doorHoldS: 10 }, to: { doorHoldS: 20 } },
    ]);
  });

  it('never shows a secret, only whether one is set', () => {
    const before = { credential: 'old-secret' as string | null };
    expect(fieldChanges(before, { credential: 'new-secret' }, ['credential'])).toEqual([
      { field: 'credential', from: 'set', to: 'set' },
    ]);
    expect(fieldChanges(before, { credential: null }, ['credential'])).toEqual([
      { field: 'credential', from: 'set', to: 'none' },
    ]);
  });
});
