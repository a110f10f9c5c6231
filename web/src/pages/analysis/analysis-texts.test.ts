import { GRANULARITIES, KPI_IDS, LANGUAGES, RANK_BY, TASK_OUTCOMES, TASK_TYPES } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { DATE_PRESETS } from './date-presets.utils';

const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/analysis.json', {
  eager: true,
  import: 'default',
});
// The screen's own source, to find every key it asks for by its literal name.
const sources = import.meta.glob<string>(['./*.tsx', './*.ts', '!./*.test.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const text = (lng: string, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      files[`../../../public/locales/${lng}/analysis.json`],
    );

/** `t('a.b')` without placeholders in the analysis namespace (not `live:…`). */
function literalKeys(): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const m of source.matchAll(/\bt\(\s*['`]([a-zA-Z][\w.]*)['`]/g)) {
      if (m[1]?.includes('.')) keys.add(m[1]);
    }
  }
  return [...keys].sort();
}

describe.each(LANGUAGES.map((lng) => [lng]))('analysis texts in %s', (lng) => {
  it.each(literalKeys().map((k) => [k]))('%s', (key) => {
    // A plural key is found by its forms.
    expect(typeof (text(lng, key) ?? text(lng, `${key}_other`))).toBe('string');
  });

  it('names every figure with its formula, and every value of the contract the screen shows', () => {
    const keys = [
      ...KPI_IDS.flatMap((id) => [`kpis.${id}.name`, `kpis.${id}.formula`]),
      ...GRANULARITIES.map((g) => `granularity.${g}`),
      ...RANK_BY.map((b) => `ranking.by.${b}`),
      ...TASK_TYPES.map((type) => `tasks.types.${type}`),
      ...TASK_OUTCOMES.map((o) => `tasks.outcomes.${o}`),
      ...DATE_PRESETS.map((p) => `filters.presets.${p}`),
    ];
    for (const key of keys) expect(typeof text(lng, key), key).toBe('string');
  });
});

it('gives availability the formula people know', () => {
  expect(text('en', 'kpis.availability.formula')).toContain('(scheduled − downtime) ÷ scheduled');
});
