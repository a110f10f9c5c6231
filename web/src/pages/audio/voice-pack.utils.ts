import {
  type AudioClip,
  DEFAULT_CLIP_CAPS,
  EVENT_SLOTS,
  type EventSlot,
  type SlotClip,
  VOICE_LANGS_MAX,
} from '@fleet/contract';

/** One row of the slot table: an event, and the clip each language speaks at it (none: the robot's own prompt). */
export interface SlotRow {
  slot: EventSlot;
  clips: Readonly<Record<string, string | undefined>>;
}

/**
 * The table's columns: the languages the slots speak, then those added but not given a clip yet, each once, in
 * the order they came. The server keeps only the languages a slot uses (`langs` of a group).
 */
export function langsOfDraft(slots: readonly SlotClip[], added: readonly string[] = []): string[] {
  return [...new Set([...slots.map((s) => s.lang).sort(), ...added])];
}

/** Rows = every event slot in the contract's order, columns = `langs`. */
export function slotRows(slots: readonly SlotClip[], langs: readonly string[]): SlotRow[] {
  return EVENT_SLOTS.map((slot) => ({
    slot,
    clips: Object.fromEntries(
      langs.map((lang) => [lang, slots.find((s) => s.slot === slot && s.lang === lang)?.clipId]),
    ),
  }));
}

/** The slots with one cell set to `clipId`, or emptied (undefined: back to the robot's own prompt). */
export function setSlotClip(
  slots: readonly SlotClip[],
  lang: string,
  slot: EventSlot,
  clipId: string | undefined,
): SlotClip[] {
  const others = slots.filter((s) => !(s.lang === lang && s.slot === slot));
  return clipId ? [...others, { lang, slot, clipId }] : others;
}

/** The slots without a language's clips. */
export const withoutLang = (slots: readonly SlotClip[], lang: string): SlotClip[] =>
  slots.filter((s) => s.lang !== lang);

/** How many slots a language fills: "7 / 11". */
export const filledCount = (slots: readonly SlotClip[], lang: string) =>
  slots.filter((s) => s.lang === lang).length;

export type AddLangRefusal = 'invalid' | 'present' | 'tooMany';

/** Whether a language can be added as a column, and why not. */
export function addLangRefusal(
  langs: readonly string[],
  lang: string,
  valid: boolean,
): AddLangRefusal | undefined {
  if (!valid || lang === '') return 'invalid';
  if (langs.includes(lang)) return 'present';
  if (langs.length >= VOICE_LANGS_MAX) return 'tooMany';
  return undefined;
}

/**
 * Whether a clip may fill a slot of `lang`, as the server checks it: short enough to be a prompt, and in that
 * language or in none (a chime fits any).
 */
export function fitsSlot(
  clip: Pick<AudioClip, 'lang' | 'durationMs'>,
  lang: string,
  promptMaxS = DEFAULT_CLIP_CAPS.prompt.maxDurationS,
): boolean {
  return clip.durationMs <= promptMaxS * 1000 && (clip.lang === null || clip.lang === lang);
}

/**
 * The languages added by hand after a cell edit: a language whose last clip was just taken out keeps its column
 * (it is the operator's to remove), so it joins the added ones.
 */
export function addedLangsAfter(
  before: readonly SlotClip[],
  after: readonly SlotClip[],
  added: readonly string[],
): string[] {
  const emptied = langsOfDraft(before).filter((lang) => !after.some((s) => s.lang === lang));
  return [...new Set([...added, ...emptied])];
}
