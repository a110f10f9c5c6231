import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (the one holding drizzle/ and pages/), found from wherever this module runs: its
 * source in src/ under tsx, or the bundle in dist/ that `npm start` runs — the same path relative to both would
 * be wrong in one of them.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'drizzle')) && existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no server package above ${from}`);
  }
}

export const SERVER_ROOT = findServerRoot(import.meta.dirname);
/** The repository's root: web/ and the other workspaces are beside server/. */
export const REPO_ROOT = path.dirname(SERVER_ROOT);
