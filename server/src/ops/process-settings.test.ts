import { describe, expect, it } from 'vitest';
import { PGLITE_MALLOC_TUNABLES, PGLITE_SEMI_SPACE_ARG, serverProcessSettings } from './process-settings.js';

describe('the settings npm start gives the server process (ANALYSIS-EXPORT-HEAP-BOUNDED)', () => {
  it("on PGlite, fixes glibc's allocator (Linux) and bounds V8's young generation", () => {
    expect(serverProcessSettings({}, 'linux')).toEqual({
      env: { GLIBC_TUNABLES: PGLITE_MALLOC_TUNABLES },
      nodeArgs: [PGLITE_SEMI_SPACE_ARG],
    });
    expect(serverProcessSettings({ DATABASE_URL: '' }, 'linux').env.GLIBC_TUNABLES).toBe(
      PGLITE_MALLOC_TUNABLES,
    );
  });

  it('gives nothing on PostgreSQL, where the fleet’s messages cost more CPU with a smaller young generation', () => {
    expect(serverProcessSettings({ DATABASE_URL: 'postgres://db/fleet' }, 'linux')).toEqual({
      env: {},
      nodeArgs: [],
    });
  });

  it('keeps what the operator set', () => {
    expect(serverProcessSettings({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }, 'linux').env).toEqual({});
    expect(serverProcessSettings({ NODE_OPTIONS: '--max-semi-space-size=16' }, 'linux').nodeArgs).toEqual([]);
  });

  it('sets no C library tunables off Linux', () => {
    expect(serverProcessSettings({}, 'darwin')).toEqual({ env: {}, nodeArgs: [PGLITE_SEMI_SPACE_ARG] });
  });
});
