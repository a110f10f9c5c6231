import {
  DOOR_SIDES,
  LANGUAGES,
  LIFT_BLOCKS,
  LIFT_COMMAND_TYPES,
  LIFT_CONFIG_RULES,
  LIFT_DOOR_STATES,
  LIFT_EVENT_KINDS,
  LIFT_MODES,
  LIFT_MOTIONS,
  LIFT_SESSION_ENDS,
  LIFT_VENDORS,
  RIDE_PHASES,
} from '@fleet/contract';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/lifts.json', {
  eager: true,
  import: 'default',
});

const text = (lng: string, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      files[`../../../public/locales/${lng}/lifts.json`],
    );

const keys = (prefix: string, values: readonly (string | number)[]) => values.map((v) => `${prefix}.${v}`);

// /elevator and /elevator/config show the contract's values by key: each needs a text in every language.
describe.each(LANGUAGES.map((lng) => [lng]))('lift texts in %s (LIFTS-LIVE)', (lng) => {
  it.each([
    ...keys('config.vendors', LIFT_VENDORS),
    ...keys('config.sides', DOOR_SIDES),
    ...keys('config.doorStates', LIFT_DOOR_STATES),
    ...keys('config.modes', LIFT_MODES),
    ...keys('config.weekdays', [1, 2, 3, 4, 5, 6, 7]),
    ...keys('live.mode', LIFT_MODES),
    ...keys('live.motion', LIFT_MOTIONS),
    ...keys('live.doors', LIFT_DOOR_STATES),
    ...keys('live.block', LIFT_BLOCKS),
    ...keys('live.log.kinds', LIFT_EVENT_KINDS),
    ...keys('live.log.command', LIFT_COMMAND_TYPES),
    ...keys('live.log.ends', LIFT_SESSION_ENDS),
    ...keys('live.log.phase', RIDE_PHASES),
    ...keys('config.rules', LIFT_CONFIG_RULES),
  ])('%s', (key) => {
    expect(typeof text(lng, key)).toBe('string');
  });
});
