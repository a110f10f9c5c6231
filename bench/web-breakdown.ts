/**
 * Which packages make up the JavaScript of /login and /robots (issue 3), by gzip size.
 *
 *   npx tsx bench/web-breakdown.ts [--files]
 *
 * Builds the console with hidden source maps into a temporary folder (the code and the file names are those
 * of a normal build), lets web-load.ts (one run) record the scripts each page really loads from that build,
 * attributes every byte of each loaded file to the package it came from, and shares the file's gzip -9 size
 * out in proportion. Shares are approximate (gzip compresses some code better than other code); the
 * per-file totals are exact.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
/** `--files`: also list every loaded file with the packages it mostly holds. */
const SHOW_FILES = process.argv.includes('--files');

interface RouteFiles {
  files: { path: string; gzip: number }[];
}
interface WebLoad {
  login: RouteFiles;
  robots: RouteFiles;
  /** /app, still an empty state: the main layout alone. */
  shell: RouteFiles;
}

interface SourceMap {
  sources: string[];
  mappings: string;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one segment of a source map's `mappings` (base64 VLQ numbers). */
function decodeSegment(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** The package a source belongs to: the folder after the last node_modules, or the workspace. */
export function packageOf(source: string): string {
  const parts = source.replaceAll('\\', '/').split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at >= 0) {
    const first = parts[at + 1] ?? '?';
    return first.startsWith('@') ? `${first}/${parts[at + 2] ?? '?'}` : first;
  }
  if (parts.includes('contract')) return '@fleet/contract';
  if (parts.includes('src')) return 'web/src';
  return '(bundler)';
}

/** Bytes of generated code per source package in one built file. */
function bytesByPackage(code: string, map: SourceMap): Map<string, number> {
  const owners = map.sources.map(packageOf);
  const sizes = new Map<string, number>();
  const add = (owner: string, text: string) =>
    sizes.set(owner, (sizes.get(owner) ?? 0) + Buffer.byteLength(text));
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let sourceIndex = 0;
  lines.forEach((line, i) => {
    let column = 0;
    let previousColumn = 0;
    let owner = '(bundler)';
    for (const segment of (mappingLines[i] ?? '').split(',')) {
      if (!segment) continue;
      const [dColumn = 0, dSource] = decodeSegment(segment);
      column += dColumn;
      add(owner, line.slice(previousColumn, column));
      previousColumn = column;
      if (dSource !== undefined) {
        sourceIndex += dSource;
        owner = owners[sourceIndex] ?? '(bundler)';
      } else {
        owner = '(bundler)';
      }
    }
    add(owner, `${line.slice(previousColumn)}\n`);
  });
  return sizes;
}

/** The groups the figures speak of. */
function groupOf(pkg: string): string {
  if (/^(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)$/.test(pkg))
    return 'react + router';
  if (/^(antd|@ant-design\/.*|@rc-component\/.*|rc-.*|@emotion\/.*|stylis|classnames|clsx)$/.test(pkg))
    return 'antd (+ cssinjs, rc-*, icons)';
  if (/^(i18next|react-i18next|i18next-http-backend|html-parse-stringify|void-elements)$/.test(pkg))
    return 'i18next';
  if (pkg.startsWith('@tanstack/')) return 'TanStack Query';
  if (pkg.startsWith('@sentry')) return 'Sentry';
  return pkg;
}

async function main() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'fc-web-breakdown-'));
  try {
    await build({
      configFile: path.join(root, 'web/vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, sourcemap: 'hidden' },
    });
    const resultFile = path.join(outDir, 'web-load.json');
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/web-load.ts')], {
      cwd: root,
      env: { ...process.env, WEB_DIST: outDir, WEB_LOAD_RESULT: resultFile, RUNS: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (run.status !== 0) throw new Error('web-load.ts failed');
    report(JSON.parse(readFileSync(resultFile, 'utf8')) as WebLoad, outDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function report(load: WebLoad, outDir: string): void {
  for (const route of ['login', 'robots', 'shell'] as const) {
    const byGroup = new Map<string, number>();
    const byPackage = new Map<string, number>();
    const perFile: string[] = [];
    let total = 0;
    for (const file of load[route].files) {
      const full = path.join(outDir, file.path);
      if (!existsSync(full)) {
        throw new Error(`${file.path} is not in the new build: rebuild and rerun web-load.ts first`);
      }
      const code = readFileSync(full, 'utf8');
      // The bundler's own runtime has no sources and so no map.
      const map: SourceMap = existsSync(`${full}.map`)
        ? (JSON.parse(readFileSync(`${full}.map`, 'utf8')) as SourceMap)
        : { sources: [], mappings: '' };
      const gzip = gzipSync(code, { level: 9 }).length;
      total += gzip;
      const sizes = bytesByPackage(code, map);
      const raw = [...sizes.values()].reduce((a, b) => a + b, 0);
      const shares = [...sizes].map(([pkg, bytes]) => [pkg, (gzip * bytes) / raw] as const);
      for (const [pkg, share] of shares) {
        byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + share);
        byGroup.set(groupOf(pkg), (byGroup.get(groupOf(pkg)) ?? 0) + share);
      }
      if (SHOW_FILES) {
        const top = shares
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([pkg, share]) => `${pkg} ${(share / 1024).toFixed(1)}`);
        perFile.push(`${(gzip / 1024).toFixed(1).padStart(7)}  ${file.path}  (${top.join(', ')})`);
      }
    }
    const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
    console.log(`\n/${route}: ${load[route].files.length} files, ${kb(total)} KB gzip`);
    for (const [group, size] of [...byGroup].sort((a, b) => b[1] - a[1]))
      console.log(`${kb(size)}  ${group}`);
    if (SHOW_FILES) console.log(`  by file:\n${perFile.join('\n')}`);
    console.log('  by package:');
    for (const [pkg, size] of [...byPackage].sort((a, b) => b[1] - a[1])) {
      if (size >= 512) console.log(`  ${kb(size)}  ${pkg}`);
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
