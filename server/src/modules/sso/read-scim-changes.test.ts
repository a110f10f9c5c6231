import type { ScimPatchOperation } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { ScimRefusal } from '../../http/scim-errors.js';
import { readPatch, readUser } from './read-scim-changes.js';

const op = (o: Partial<ScimPatchOperation> & { op: ScimPatchOperation['op'] }): ScimPatchOperation => o;

describe('readPatch', () => {
  it.each([
    ['a path and a boolean', [op({ op: 'replace', path: 'active', value: false })], { active: false }],
    ['Entra’s string', [op({ op: 'replace', path: 'active', value: 'False' })], { active: false }],
    ['Entra’s string, true', [op({ op: 'add', path: 'active', value: 'True' })], { active: true }],
    ['no path, a partial User', [op({ op: 'replace', value: { active: false } })], { active: false }],
    ['a path in any case', [op({ op: 'replace', path: 'Active', value: false })], { active: false }],
    [
      'the core schema prefix',
      [op({ op: 'replace', path: 'urn:ietf:params:scim:schemas:core:2.0:User:active', value: true })],
      { active: true },
    ],
    [
      'names by path',
      [
        op({ op: 'replace', path: 'name.givenName', value: 'Ada' }),
        op({ op: 'replace', path: 'name.familyName', value: 'Lovelace' }),
      ],
      { firstName: 'Ada', lastName: 'Lovelace' },
    ],
    [
      'dotted keys without a path',
      [op({ op: 'add', value: { 'name.givenName': 'Ada', displayName: 'Ignored Here' } })],
      { firstName: 'Ada' },
    ],
    [
      'a display name alone',
      [op({ op: 'replace', path: 'displayName', value: 'Ada King Lovelace' })],
      {
        firstName: 'Ada',
        lastName: 'King Lovelace',
      },
    ],
    ['removing the family name', [op({ op: 'remove', path: 'name.familyName' })], { lastName: '' }],
    [
      'attributes the console does not keep',
      [
        op({ op: 'add', path: 'title', value: 'Boss' }),
        op({ op: 'replace', path: 'emails[type eq "work"].value', value: 'x@y.test' }),
        op({ op: 'remove', path: 'phoneNumbers' }),
      ],
      {},
    ],
    [
      'userName',
      [op({ op: 'replace', path: 'userName', value: 'Ada@Acme.test' })],
      { email: 'ada@acme.test' },
    ],
  ])('%s', (_, operations, changes) => {
    expect(readPatch(operations)).toEqual(changes);
  });

  it.each([
    ['active that is no boolean', [op({ op: 'replace', path: 'active', value: 'yes' })], 'invalidValue'],
    ['a path-less value that is no object', [op({ op: 'replace', value: 'False' })], 'invalidValue'],
    ['removing active', [op({ op: 'remove', path: 'active' })], 'mutability'],
    ['a remove without a path', [op({ op: 'remove' })], 'noTarget'],
    ['a name that is no text', [op({ op: 'replace', path: 'name.givenName', value: 7 })], 'invalidValue'],
    ['a userName that is no e-mail', [op({ op: 'replace', path: 'userName', value: 'ada' })], 'invalidValue'],
  ])('refuses %s', (_, operations, scimType) => {
    expect(() => readPatch(operations)).toThrow(ScimRefusal);
    try {
      readPatch(operations);
    } catch (error) {
      expect(error).toMatchObject({ code: 'BAD_REQUEST', scimType });
    }
  });
});

describe('readUser', () => {
  it('takes the e-mail from userName, or from the primary of emails', () => {
    expect(readUser({ userName: 'Ada@Acme.test' })).toEqual({ email: 'ada@acme.test' });
    expect(
      readUser({
        userName: 'ada',
        emails: [
          { value: 'old@acme.test', primary: false },
          { value: 'ada@acme.test', primary: true },
        ],
      }),
    ).toEqual({ email: 'ada@acme.test' });
  });

  it('reads names, a display name when no name part came, and active', () => {
    expect(readUser({ userName: 'a@acme.test', name: { givenName: 'Ada' }, active: false })).toEqual({
      email: 'a@acme.test',
      firstName: 'Ada',
      lastName: '',
      active: false,
    });
    expect(readUser({ userName: 'a@acme.test', displayName: 'Ada Lovelace' })).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('refuses a User without any e-mail address', () => {
    expect(() => readUser({ userName: 'ada', emails: [] })).toThrow(ScimRefusal);
  });
});
