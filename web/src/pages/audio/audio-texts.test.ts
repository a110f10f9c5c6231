import {
  AUDIO_DEPLOY_STATES,
  AUDIO_GROUP_KINDS,
  CLIP_PURPOSES,
  EVENT_SLOTS,
  LANGUAGES,
  PLAY_OUTCOMES,
  type PlayRefusal,
} from '@fleet/contract';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/audio.json', {
  eager: true,
  import: 'default',
});
// The screens' own source, to find every key they ask for by its literal name.
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
      files[`../../../public/locales/${lng}/audio.json`],
    );

const PLAY_REFUSALS: readonly PlayRefusal[] = [
  'notYetValid',
  'expired',
  'weekday',
  'outsideWindows',
  'quietHours',
];

/** `t('a.b')` and `t(\`a.b\`)` without placeholders, in the audio namespace (not `common:…`). */
function literalKeys(): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const m of source.matchAll(/\bt\(\s*['`]([a-zA-Z][\w.]*)['`]/g)) {
      if (m[1]?.includes('.')) keys.add(m[1]);
    }
  }
  return [...keys].sort();
}

describe.each(LANGUAGES.map((lng) => [lng]))('audio texts in %s', (lng) => {
  it.each(literalKeys().map((k) => [k]))('%s', (key) => {
    expect(typeof text(lng, key)).toBe('string');
  });

  it('names every value of the contract’s enums the screens show by key', () => {
    const keys = [
      ...AUDIO_GROUP_KINDS.map((k) => `kinds.${k}`),
      ...CLIP_PURPOSES.map((p) => `purposes.${p}`),
      ...AUDIO_DEPLOY_STATES.flatMap((s) => [`states.${s}`, `stateHints.${s}`]),
      ...EVENT_SLOTS.flatMap((s) => [`slots.names.${s}`, `slots.hints.${s}`]),
      ...PLAY_OUTCOMES.map((o) => `play.outcomes.${o}`),
      ...PLAY_REFUSALS.map((r) => `schedule.refusals.${r}`),
      ...['play', 'stop', 'volume'].map((op) => `play.ops.${op}`),
      ...['unsaved', 'neverPublished', 'unpublished', 'published'].map((s) => `draft.${s}`),
      ...['create', 'duplicate', 'rename'].flatMap((d) =>
        ['title', 'ok', 'done'].map((k) => `nameDialog.${d}.${k}`),
      ),
      ...['invalid', 'present', 'tooMany'].map((r) => `slots.addLangRefused.${r}`),
      ...['groups', 'clips', 'rules'].map((tab) => `tabs.${tab}`),
      ...['slots', 'playlist', 'targets', 'robots', 'versions'].map((tab) => `detail.tabs.${tab}`),
      ...['none', 'gone'].flatMap((k) => [`detail.${k}.title`, `detail.${k}.description`]),
      'publish.done',
      'rollback.done',
    ];
    for (const key of keys) expect(typeof text(lng, key), key).toBe('string');
  });
});

describe('the source scan', () => {
  it('finds the keys (so the test above cannot pass empty)', () => {
    expect(literalKeys().length).toBeGreaterThan(150);
  });
});
