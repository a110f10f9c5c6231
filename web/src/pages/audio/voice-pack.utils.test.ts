import { EVENT_SLOTS, type SlotClip, VOICE_LANGS_MAX } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  addedLangsAfter,
  addLangRefusal,
  filledCount,
  fitsSlot,
  langsOfDraft,
  setSlotClip,
  slotRows,
  withoutLang,
} from './voice-pack.utils';

const C1 = '11111111-1111-4111-8111-111111111111';
const C2 = '22222222-2222-4222-8222-222222222222';

const slots: SlotClip[] = [
  { lang: 'zh', slot: 'makeWay', clipId: C1 },
  { lang: 'en', slot: 'makeWay', clipId: C2 },
  { lang: 'en', slot: 'taskStart', clipId: C1 },
];

describe('the slot table', () => {
  it('has the slots’ languages sorted, then those added without a clip, each once', () => {
    expect(langsOfDraft(slots)).toEqual(['en', 'zh']);
    expect(langsOfDraft(slots, ['ja', 'en', 'de'])).toEqual(['en', 'zh', 'ja', 'de']);
    expect(langsOfDraft([], ['ja'])).toEqual(['ja']);
  });

  it('has a row per event slot in the contract’s order, an empty cell where the robot speaks its own prompt', () => {
    const rows = slotRows(slots, ['en', 'zh', 'ja']);
    expect(rows.map((r) => r.slot)).toEqual([...EVENT_SLOTS]);
    expect(rows.find((r) => r.slot === 'makeWay')?.clips).toEqual({ en: C2, zh: C1, ja: undefined });
    expect(rows.find((r) => r.slot === 'taskStart')?.clips).toEqual({ en: C1, zh: undefined, ja: undefined });
    expect(rows.find((r) => r.slot === 'error')?.clips).toEqual({
      en: undefined,
      zh: undefined,
      ja: undefined,
    });
  });
});

describe('editing cells', () => {
  it('sets, replaces and empties one cell without touching the others', () => {
    const set = setSlotClip(slots, 'zh', 'taskStart', C2);
    expect(set).toHaveLength(4);
    const replaced = setSlotClip(set, 'zh', 'taskStart', C1);
    expect(replaced.filter((s) => s.lang === 'zh' && s.slot === 'taskStart')).toEqual([
      { lang: 'zh', slot: 'taskStart', clipId: C1 },
    ]);
    expect(setSlotClip(replaced, 'zh', 'taskStart', undefined)).toEqual(slots);
  });

  it('removes a language with its clips and counts what a language fills', () => {
    expect(withoutLang(slots, 'en')).toEqual([{ lang: 'zh', slot: 'makeWay', clipId: C1 }]);
    expect(filledCount(slots, 'en')).toBe(2);
    expect(filledCount(slots, 'ja')).toBe(0);
  });
});

describe('adding a language', () => {
  it('refuses a bad tag, one already there, and one past the maximum', () => {
    expect(addLangRefusal(['en'], 'ja', true)).toBeUndefined();
    expect(addLangRefusal(['en'], 'English', false)).toBe('invalid');
    expect(addLangRefusal(['en'], '', true)).toBe('invalid');
    expect(addLangRefusal(['en'], 'en', true)).toBe('present');
    const full = Array.from({ length: VOICE_LANGS_MAX }, (_, i) => `l${i}x`);
    expect(addLangRefusal(full, 'ja', true)).toBe('tooMany');
  });
});

describe('fitsSlot, as the server checks a slot’s clip', () => {
  it.each([
    ['a prompt in the slot’s language', { lang: 'en', durationMs: 3000 }, 'en', true],
    ['a chime with no language', { lang: null, durationMs: 1500 }, 'zh', true],
    ['a prompt in another language', { lang: 'zh', durationMs: 3000 }, 'en', false],
    ['exactly the prompt cap', { lang: 'en', durationMs: 60_000 }, 'en', true],
    ['longer than a prompt may be', { lang: 'en', durationMs: 60_001 }, 'en', false],
  ])('%s', (_, clip, lang, fits) => {
    expect(fitsSlot(clip, lang)).toBe(fits);
  });
});

describe('addedLangsAfter', () => {
  it('keeps the column of a language whose last clip was taken out', () => {
    const after = setSlotClip(slots, 'zh', 'makeWay', undefined);
    expect(addedLangsAfter(slots, after, [])).toEqual(['zh']);
    expect(langsOfDraft(after, addedLangsAfter(slots, after, []))).toEqual(['en', 'zh']);
  });

  it('adds nothing when every language still speaks, and keeps those added before, each once', () => {
    const after = setSlotClip(slots, 'en', 'taskStart', undefined);
    expect(addedLangsAfter(slots, after, ['ja'])).toEqual(['ja']);
    expect(addedLangsAfter(slots, setSlotClip(slots, 'zh', 'makeWay', undefined), ['zh'])).toEqual(['zh']);
  });
});
