import {
  AREAS,
  AUDIT_ACTIONS,
  COMMAND_TYPES,
  LANGUAGES,
  LEVELS,
  LIFT_COMMAND_TYPES,
  ROLES,
} from '@fleet/contract';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function text(lng: string, ns: string, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      files[`../../../public/locales/${lng}/${ns}.json`],
    );
}

// The contract's enums are shown by key (`audit:actions.${action}`): each needs a text in every language.
describe.each(LANGUAGES.map((lng) => [lng]))('texts of the contract enums in %s', (lng) => {
  it.each(AUDIT_ACTIONS.map((a) => [a]))('audit action %s', (action) => {
    expect(typeof text(lng, 'audit', `actions.${action}`)).toBe('string');
  });

  it.each(COMMAND_TYPES.map((c) => [c]))('robot command %s', (command) => {
    expect(typeof text(lng, 'audit', `commands.${command}`)).toBe('string');
  });

  it.each(LIFT_COMMAND_TYPES.map((c) => [c]))('lift command %s', (command) => {
    expect(typeof text(lng, 'audit', `liftCommands.${command}`)).toBe('string');
  });

  it('areas, levels and built-in roles', () => {
    for (const area of AREAS)
      expect(typeof text(lng, 'common', `permissions.areas.${area}`), area).toBe('string');
    for (const level of LEVELS)
      expect(typeof text(lng, 'common', `permissions.levels.${level}`), level).toBe('string');
    for (const role of ROLES) {
      expect(typeof text(lng, 'common', `roles.${role}`), role).toBe('string');
      expect(typeof text(lng, 'roles', `builtIn.${role}`), role).toBe('string');
    }
  });
});
