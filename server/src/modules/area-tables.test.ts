import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * A module reads and writes only its own area's tables (db/schema/<area>.ts); for anything else it calls the
 * owning area's repo. This walks every file under modules/, reads what it imports from db/schema and maps each
 * name to the schema file that exports it.
 */

const modulesDir = path.dirname(fileURLToPath(import.meta.url));
const schemaDir = path.join(modulesDir, '..', 'db', 'schema');

/** Where a module uses another area's table because nothing else will do, and why. */
const ALLOWED: Record<string, Record<string, string>> = {
  'sso/repo.ts': {
    companies:
      'login-url answers every e-mail domain with one query joining the company’s name, so how long it takes says ' +
      'nothing about whether a company claims the domain (SSO-LOGIN-CALLS); a second lookup only when found would',
  },
};

/** Table (and row type) name → the area whose schema file exports it. */
function tableAreas(): Map<string, string> {
  const areas = new Map<string, string>();
  for (const file of readdirSync(schemaDir)) {
    if (!file.endsWith('.ts') || file === 'index.ts' || file === 'columns.ts') continue;
    const text = readFileSync(path.join(schemaDir, file), 'utf8');
    for (const m of text.matchAll(/export\s+(?:const|function|type|interface)\s+(\w+)/g))
      areas.set(m[1] as string, file.replace(/\.ts$/, ''));
  }
  return areas;
}

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return moduleFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Names a file imports from db/schema (the index or one area's file). */
export function schemaImports(text: string): { name: string; from: string }[] {
  const found: { name: string; from: string }[] = [];
  for (const m of text.matchAll(
    /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']*\/db\/schema(?:\/[\w-]+)?(?:\.js)?)'/g,
  )) {
    for (const part of (m[1] as string).split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) found.push({ name, from: m[2] as string });
    }
  }
  return found;
}

/** Each use of another area's table by a module file, as "file: table (area)". */
export function violations(files: { rel: string; text: string }[], areas: Map<string, string>): string[] {
  const out: string[] = [];
  for (const { rel, text } of files) {
    const area = rel.split('/')[0] as string;
    for (const { name } of schemaImports(text)) {
      const owner = areas.get(name);
      if (owner === undefined) out.push(`${rel}: ${name} is not exported by any schema file`);
      else if (owner !== area && !ALLOWED[rel]?.[name]) out.push(`${rel}: ${name} (${owner})`);
    }
  }
  return out;
}

const files = moduleFiles(modulesDir).map((full) => ({
  rel: path.relative(modulesDir, full).split(path.sep).join('/'),
  text: readFileSync(full, 'utf8'),
}));

describe('area tables', () => {
  it('finds the schema files and the modules', () => {
    expect(tableAreas().get('robots')).toBe('robots');
    expect(files.some((f) => f.rel === 'robots/repo.ts')).toBe(true);
  });

  it('no module uses another area’s table', () => {
    expect(violations(files, tableAreas())).toEqual([]);
  });

  it('fails on a module reading another area’s table', () => {
    const file = {
      rel: 'people/example.ts',
      text: "import { buildings, memberships } from '../../db/schema/index.js';\nimport type { robots as r } from '../../db/schema/robots.js';",
    };
    expect(violations([file], tableAreas())).toEqual([
      'people/example.ts: buildings (buildings)',
      'people/example.ts: robots (robots)',
    ]);
  });

  it('every allowance is still needed', () => {
    for (const [rel, names] of Object.entries(ALLOWED)) {
      const text = files.find((f) => f.rel === rel)?.text ?? '';
      for (const name of Object.keys(names)) expect(schemaImports(text).map((i) => i.name)).toContain(name);
    }
  });
});
