import {
  EXPORT_FORMATS,
  KPI_IDS,
  LANGUAGES,
  REPORT_FREQUENCIES,
  SCOPE_KINDS,
  SETTING_KINDS,
  UNIT_SYSTEM_NAMES,
  WEEKDAYS,
} from '@fleet/contract';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('../../../../public/locales/*/analysis.json', {
  eager: true,
  import: 'default',
});
// This folder's source and the page, to find every key they ask for by its literal name.
const sources = import.meta.glob<string>(['./*.tsx', './*.ts', '!./*.test.ts', '../AnalysisConfigPage.tsx'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const text = (lng: string, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      files[`../../../../public/locales/${lng}/analysis.json`],
    );

function literalKeys(): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const m of source.matchAll(/\bt\(\s*['`]((?:config|kpis)\.[\w.]+)['`]/g)) if (m[1]) keys.add(m[1]);
  }
  return [...keys].sort();
}

/** Keys built from the contract's values. */
const builtKeys = [
  ...[...SETTING_KINDS, 'reports', 'alerts'].map((tab) => `config.tabs.${tab}`),
  ...SETTING_KINDS.flatMap((k) =>
    ['intro', 'empty', 'emptyReadOnly', 'newTitle', 'editTitle'].map((p) => `config.${k}.${p}`),
  ),
  ...SCOPE_KINDS.map((s) => `config.scope.${s}`),
  ...['building', 'robot'].flatMap((s) => [
    `config.scope.${s}Named`,
    `config.form.${s}`,
    `config.form.${s}Required`,
    `config.form.${s}Placeholder`,
  ]),
  ...WEEKDAYS.flatMap((d) => [`config.weekdays.short.${d}`, `config.weekdays.long.${d}`]),
  ...REPORT_FREQUENCIES.map((f) => `config.reports.frequencies.${f}`),
  ...EXPORT_FORMATS.map((f) => `config.reports.formats.${f}`),
  ...UNIT_SYSTEM_NAMES.map((u) => `config.reports.unitNames.${u}`),
  ...['percent', 'hours', 'seconds', 'perHour'].map((u) => `config.targets.units.${u}`),
  ...KPI_IDS.map((id) => `kpis.${id}.name`),
];

describe.each(LANGUAGES.map((lng) => [lng]))('analysis settings texts in %s', (lng) => {
  it.each([...new Set([...literalKeys(), ...builtKeys])].map((k) => [k]))('%s', (key) => {
    // A plural key is found by its forms (Chinese has only `_other`).
    expect(typeof (text(lng, key) ?? text(lng, `${key}_other`))).toBe('string');
  });
});

it('finds the keys it checks in the source', () => {
  expect(literalKeys()).toContain('config.recompute.explain');
  expect(literalKeys().length).toBeGreaterThan(100);
});

it('says in Chinese what a night shift and a recompute are, not in English', () => {
  for (const key of ['config.calendar.windowsHint', 'config.recompute.explain', 'config.versions.note']) {
    expect(text('zh', key)).not.toBe(text('en', key));
  }
});
