import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderApiDoc } from './api-doc.js';
import { routeList } from './index.js';

describe('docs/api.md', () => {
  it('is what the contract says (run npm run docs:api after changing a route)', () => {
    const onDisk = readFileSync(path.resolve(import.meta.dirname, '../../../docs/api.md'), 'utf8');
    expect(onDisk).toBe(renderApiDoc());
  });

  it('lists every call of the contract', () => {
    const doc = renderApiDoc();
    for (const r of routeList) expect(doc).toContain(`\`${r.path}\``);
  });
});
