import { describe, expect, it } from 'vitest';
import { ScimRefusal } from '../../http/scim-errors.js';
import { parseScimFilter } from './scim-filter.js';

describe('parseScimFilter', () => {
  it.each([
    ['userName eq "Ada@Acme.test"', 'ada@acme.test'],
    ['USERNAME EQ "ada@acme.test"', 'ada@acme.test'],
    ['  userName eq "ada@acme.test"  ', 'ada@acme.test'],
    ['emails.value eq "ada@acme.test"', 'ada@acme.test'],
    ['urn:ietf:params:scim:schemas:core:2.0:User:userName eq "ada@acme.test"', 'ada@acme.test'],
    ['userName eq "we\\"ird@acme.test"', 'we"ird@acme.test'],
  ])('%s finds %s', (filter, email) => {
    expect(parseScimFilter(filter)).toEqual({ email });
  });

  it.each([undefined, '', '   '])('%j lists everyone', (filter) => {
    expect(parseScimFilter(filter)).toBeNull();
  });

  it.each([
    'userName sw "ada"',
    'userName eq ada@acme.test',
    'userName eq "a" or userName eq "b"',
    'externalId eq "123"',
    'displayName eq "Ada"',
    'active eq true',
    '"',
  ])('%s is an invalid filter', (filter) => {
    const thrown = (() => {
      try {
        parseScimFilter(filter);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(thrown).toBeInstanceOf(ScimRefusal);
    expect(thrown).toMatchObject({ code: 'BAD_REQUEST', scimType: 'invalidFilter' });
  });
});
