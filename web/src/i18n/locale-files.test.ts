import { LANGUAGES } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_ROUTE, ROUTES } from '../routes';
import { NAMESPACES } from './namespaces';

const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function fileOf(lng: string, ns: string): Record<string, unknown> | undefined {
  return files[`../../public/locales/${lng}/${ns}.json`];
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

function lookup(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], value);
}

describe('translation files', () => {
  it.each(NAMESPACES.map((ns) => [ns]))('%s exists in every language with the same keys', (ns) => {
    const [first, ...others] = LANGUAGES.map((lng) => fileOf(lng, ns));
    expect(first).toBeDefined();
    for (const other of others) {
      expect(other).toBeDefined();
      expect(keysOf(other).sort()).toEqual(keysOf(first).sort());
    }
  });

  it('has no empty text and no Latin-only text in Chinese where English differs', () => {
    for (const ns of NAMESPACES) {
      const en = fileOf('en', ns);
      const zh = fileOf('zh', ns);
      for (const key of keysOf(en)) {
        const english = lookup(en, key);
        const chinese = lookup(zh, key);
        expect(typeof chinese === 'string' && chinese.trim().length > 0, `${ns}:${key}`).toBe(true);
        // Chinese text must contain Chinese characters unless it is a code or placeholder only.
        if (typeof english === 'string' && /[a-z]{3}/i.test(english.replace(/\{\{\w+\}\}/g, ''))) {
          expect(/[\u4e00-\u9fff]/.test(String(chinese)), `${ns}:${key} is not translated`).toBe(true);
        }
      }
    }
  });

  it('names every screen of the route manifest in both languages', () => {
    for (const lng of LANGUAGES) {
      for (const route of [...ROUTES, NOT_FOUND_ROUTE]) {
        expect(typeof lookup(fileOf(lng, 'common'), route.titleKey), `${lng} ${route.titleKey}`).toBe(
          'string',
        );
      }
    }
  });
});
