import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The code a bench measured: the commit, and whether tracked files were changed beside it. */
export function gitState(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: root, encoding: 'utf8', timeout: 10_000 }).trim();
    const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}
