import { DOOR_SIDES, LANGUAGES, LIFT_DOOR_STATES, LIFT_MODES, LIFT_VENDORS } from '@fleet/contract';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('../../../../public/locales/*/lifts.json', {
  eager: true,
  import: 'default',
});

const text = (lng: string, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      files[`../../../../public/locales/${lng}/lifts.json`],
    );

// The screen shows the contract's enums by key: each needs a text in every language.
describe.each(LANGUAGES.map((lng) => [lng]))('lift enums in %s', (lng) => {
  it.each([
    ...LIFT_VENDORS.map((v) => `config.vendors.${v}`),
    ...DOOR_SIDES.map((s) => `config.sides.${s}`),
    ...LIFT_DOOR_STATES.map((s) => `config.doorStates.${s}`),
    ...LIFT_MODES.map((m) => `config.modes.${m}`),
    ...[1, 2, 3, 4, 5, 6, 7].map((d) => `config.weekdays.${d}`),
  ])('%s', (key) => {
    expect(typeof text(lng, key)).toBe('string');
  });
});
