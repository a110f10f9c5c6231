import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePgliteWasm, createPgliteDataDir } from './pglite-start.js';

describe('starting PGlite', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fc-pglite-start-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a new database in a child process', async () => {
    const target = path.join(dir, 'pglite');
    await createPgliteDataDir(target);
    expect(existsSync(path.join(target, 'PG_VERSION'))).toBe(true);
  });

  it('names the folder when it cannot create the database there', async () => {
    const file = path.join(dir, 'a-file');
    await writeFile(file, 'not a folder');
    await expect(createPgliteDataDir(path.join(file, 'pglite'))).rejects.toThrow(
      `creating the PGlite database in ${path.join(file, 'pglite')} failed`,
    );
  });

  it("compiles Postgres's WebAssembly once per process", async () => {
    const first = await compilePgliteWasm();
    expect(await compilePgliteWasm()).toBe(first);
  });
});
