import {
  LANGUAGES,
  LIFT_BLOCKS,
  LIFT_COMMAND_TYPES,
  LIFT_DOOR_STATES,
  LIFT_EVENT_KINDS,
  LIFT_MODES,
  LIFT_MOTIONS,
  LIFT_SESSION_ENDS,
  RIDE_PHASES,
} from '@fleet/contract';
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

// The /elevator screen shows the lift link's values by key: each needs a text in every language.
describe.each(LANGUAGES.map((lng) => [lng]))('lift texts in %s (LIFTS-LIVE)', (lng) => {
  const sets: Array<[string, readonly string[]]> = [
    ['live.mode', LIFT_MODES],
    ['live.motion', LIFT_MOTIONS],
    ['live.doors', LIFT_DOOR_STATES],
    ['live.block', LIFT_BLOCKS],
    ['live.log.kinds', LIFT_EVENT_KINDS],
    ['live.log.command', LIFT_COMMAND_TYPES],
    ['live.log.ends', LIFT_SESSION_ENDS],
    ['live.log.phase', RIDE_PHASES],
  ];
  it.each(sets)('%s', (prefix, values) => {
    for (const v of values) expect(typeof text(lng, `${prefix}.${v}`), `${prefix}.${v}`).toBe('string');
  });
});
