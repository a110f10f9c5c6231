import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderAreaTable } from './area-doc.js';
import { shapeProblems } from './area-shape.js';
import { AREA_NAMES, AREA_SHAPES, type Side } from './areas.js';
import { routeList } from './index.js';
import { AREAS as PERMISSION_AREAS } from './permissions.js';

// The repository's shape: every area by one name, in the same place on every side (architecture.md "Areas").
const root = path.resolve(import.meta.dirname, '../../..');
const at = (p: string) => path.join(root, p);
const dirs = (p: string) =>
  readdirSync(at(p), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const files = (p: string, ext: string) =>
  readdirSync(at(p), { withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith(ext))
    .map((d) => d.name.slice(0, -ext.length));

/** Files of the contract that belong to no area: the route and envelope kernel, permissions, this table. */
const CONTRACT_KERNEL = [
  'index',
  'route',
  'envelope',
  'permissions',
  'areas',
  'area-doc',
  'area-shape',
  'api-doc',
  'write-api-doc',
  'text',
  'csv',
];
const SCHEMA_KERNEL = ['index', 'columns'];
/** Translation files every area uses: shared words (the `common` area's) and the API's error messages. */
const SHARED_NAMESPACES = ['errors'];
const E2E_KERNEL = ['support', 'node_modules'];

/** What is on disk for each side, as names found there. */
function found(): Record<Side, string[]> {
  const contract = [
    ...files('packages/contract/src', '.ts').filter((f) => !f.endsWith('.test')),
    ...dirs('packages/contract/src'),
  ].filter((n) => !CONTRACT_KERNEL.includes(n));
  const i18n = ['en', 'zh'].map((lng) => files(`web/public/locales/${lng}`, '.json'));
  expect(i18n[1], 'the same translation files in every language').toEqual(i18n[0]);
  return {
    contract,
    module: dirs('server/src/modules'),
    schema: files('server/src/db/schema', '.ts').filter((f) => !SCHEMA_KERNEL.includes(f)),
    api: dirs('web/src/api'),
    pages: dirs('web/src/pages'),
    e2e: dirs('e2e').filter((d) => !E2E_KERNEL.includes(d)),
    i18n: (i18n[0] ?? []).filter((n) => !SHARED_NAMESPACES.includes(n)),
  };
}

const onDisk = found();

const routeAreas = routeList.map((r) => r.area);

describe('every area has one name on every side', () => {
  it('every folder and file of every side is named for an area that declares it, and nothing declared is missing', () => {
    expect(shapeProblems(onDisk, routeAreas)).toEqual([]);
  });

  it.each(AREA_NAMES.map((a) => [a]))('the infrastructure of %s is where the table says', (area) => {
    for (const p of AREA_SHAPES[area].elsewhere ?? []) expect(existsSync(at(p)), p).toBe(true);
  });

  it('the permission areas are area names', () => {
    for (const area of PERMISSION_AREAS) expect(AREA_NAMES).toContain(area);
  });

  it('the web console loads exactly the translation files there are', async () => {
    const { NAMESPACES } = await import('../../../web/src/i18n/namespaces.js');
    expect([...NAMESPACES].sort()).toEqual([...onDisk.i18n, ...SHARED_NAMESPACES].sort());
  });

  it('docs/architecture.md shows the table as it is', () => {
    const doc = readFileSync(at('docs/architecture.md'), 'utf8');
    expect(doc).toContain(renderAreaTable());
  });
});

describe('the shape check', () => {
  it('refuses a stray page folder named for a path, a side an area does not have, and a missing side', () => {
    const stray = { ...onDisk, pages: [...onDisk.pages, 'person'], api: [...onDisk.api, 'locales'] };
    const missing = { ...onDisk, module: onDisk.module.filter((m) => m !== 'roles') };
    expect(shapeProblems(stray, routeAreas)).toEqual([
      'api "locales" is not a side locales declares',
      'pages "person" is not an area name',
    ]);
    expect(shapeProblems(missing, routeAreas)).toEqual(['roles declares module but has none']);
  });

  it('refuses an area with routes but no server module', () => {
    expect(shapeProblems(onDisk, ['shell'])).toEqual([
      'shell has routes but no contract',
      'shell has routes but no module',
      'shell has routes but no api',
    ]);
  });
});
