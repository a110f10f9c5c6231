import type { Person } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  addableRoles,
  countryOfPrefix,
  EMPTY_PERSON,
  formValuesOf,
  prefixOfCountry,
  toCreateBody,
  toEditBody,
} from './person-form.utils';

const person: Person = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Nora',
  lastName: 'North',
  email: 'nora@acme.test',
  phonePrefix: '+45',
  phoneNumber: '12345678',
  role: 'admin',
  enableAudio: true,
  robotIds: [],
  customRoleIds: [],
  lastSignInAt: null,
  joinedAt: '2026-01-01T00:00:00.000Z',
};

describe('phone prefixes (PEOPLE-PHONE-PREFIXES)', () => {
  it.each([
    ['US', '+1'],
    ['CA', '+1'],
    ['DK', '+45'],
    ['Other', '-1'],
  ] as const)('%s → %s', (country, prefix) => {
    expect(prefixOfCountry(country)).toBe(prefix);
  });

  it('reads +1 as US and an unknown prefix as the default', () => {
    expect(countryOfPrefix('+1')).toBe('US');
    expect(countryOfPrefix('-1')).toBe('Other');
    expect(countryOfPrefix(null)).toBe('US');
  });
});

describe('toCreateBody', () => {
  it('trims, and sends the prefix of the chosen country with a number', () => {
    expect(
      toCreateBody({
        ...EMPTY_PERSON,
        firstName: ' Nora ',
        lastName: 'North',
        email: ' nora@acme.test ',
        phoneCountry: 'CA',
        phoneNumber: ' 5551234 ',
        role: 'admin',
      }),
    ).toEqual({
      firstName: 'Nora',
      lastName: 'North',
      email: 'nora@acme.test',
      phonePrefix: '+1',
      phoneNumber: '5551234',
      role: 'admin',
      enableAudio: false,
    });
  });

  it('sends no prefix without a number', () => {
    expect(toCreateBody({ ...EMPTY_PERSON, phoneCountry: 'DE', phoneNumber: '  ' })).toMatchObject({
      phonePrefix: null,
      phoneNumber: null,
    });
  });
});

describe('toEditBody and formValuesOf', () => {
  it('round-trips a person, without e-mail or role (those change elsewhere)', () => {
    const body = toEditBody(person.id, formValuesOf(person));
    expect(body).toEqual({
      id: person.id,
      firstName: 'Nora',
      lastName: 'North',
      phonePrefix: '+45',
      phoneNumber: '12345678',
      enableAudio: true,
    });
  });

  it('clears the phone when the number is emptied', () => {
    expect(toEditBody(person.id, { ...formValuesOf(person), phoneNumber: '' })).toMatchObject({
      phonePrefix: null,
      phoneNumber: null,
    });
  });
});

describe('addableRoles', () => {
  it('offers administrator only to someone who may appoint administrators', () => {
    expect(addableRoles(true)).toEqual(['staff', 'admin']);
    expect(addableRoles(false)).toEqual(['staff']);
  });
});
