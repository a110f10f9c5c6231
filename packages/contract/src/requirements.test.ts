import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_NAMES } from './areas.js';

// docs/requirements.md names every behaviour rule once; code, tests and docs cite those ids, never the spec's
// section numbers, so a cited rule can always be looked up.
const root = path.resolve(import.meta.dirname, '../../..');
const REQUIREMENTS = 'docs/requirements.md';
const GROUPS = [...AREA_NAMES.map((a) => a.toUpperCase()), 'HARDENING'];
const WELL_FORMED = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;
/** A group word and at least one more word: `LIFTS-RIDE`, not a bare `LIFTS` or an env var `LIVE_TICK_MS`. */
const CITED = new RegExp(`\\b(?:${GROUPS.join('|')})-[A-Z0-9]+(?:-[A-Z0-9]+)*\\b`, 'g');
const SECTION_SIGN = '\u00a7';
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-results', '.git']);

interface Rule {
  readonly id: string;
  readonly heading: string;
}

/** The rules of requirements.md: `- **ID** — text` lines, each with the `## GROUP` heading it sits under. */
function parseRules(markdown: string): Rule[] {
  const rules: Rule[] = [];
  let heading = '';
  for (const line of markdown.split('\n')) {
    const group = /^## (\S+)/.exec(line);
    if (group?.[1]) heading = group[1];
    const rule = /^- \*\*([^*]+)\*\*/.exec(line);
    if (rule?.[1]) rules.push({ id: rule[1], heading });
  }
  return rules;
}

/** Every cited id in `text`. */
function citedIds(text: string): string[] {
  return [...text.matchAll(CITED)].map((m) => m[0]);
}

/** Source, test, e2e and doc files of the repository, relative to its root. */
function repoFiles(dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : repoFiles(rel);
    return entry.isFile() && EXTENSIONS.some((ext) => entry.name.endsWith(ext)) ? [rel] : [];
  });
}

const rules = parseRules(readFileSync(path.join(root, REQUIREMENTS), 'utf8'));
const known = new Set(rules.map((r) => r.id));
const files = repoFiles().map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));

describe('requirements.md', () => {
  it('names many rules, each id once', () => {
    expect(rules.length).toBeGreaterThan(100);
    const repeated = rules.map((r) => r.id).filter((id, i, all) => all.indexOf(id) !== i);
    expect(repeated).toEqual([]);
  });

  it('spells every id GROUP-WORD(-WORD)*, its group a known one and the heading it sits under', () => {
    const wrong = rules.filter(
      (r) => !WELL_FORMED.test(r.id) || r.id.split('-')[0] !== r.heading || !GROUPS.includes(r.heading),
    );
    expect(wrong).toEqual([]);
  });

  it('has a rule for every id cited in the repository', () => {
    expect(files.length).toBeGreaterThan(100);
    const unknown = files.flatMap(({ file, text }) =>
      citedIds(text)
        .filter((id) => !known.has(id))
        .map((id) => `${file}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });

  it('is the only place citing spec sections: everywhere else cites rule ids', () => {
    const citing = files.filter(({ file, text }) => file !== REQUIREMENTS && text.includes(SECTION_SIGN));
    expect(citing.map((f) => f.file)).toEqual([]);
  });

  it('reads ids as ids and nothing else as one', () => {
    expect(citedIds('describe(`a ride (LIFTS-RIDE, LIFTS-ALARM)`)')).toEqual(['LIFTS-RIDE', 'LIFTS-ALARM']);
    expect(citedIds('LIVE_TICK_MS, X-Request-Id, LIFTS alone, SHELL-menu, NOTAGROUP-WORD')).toEqual([]);
  });
});
