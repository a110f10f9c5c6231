import { describe, expect, it } from 'vitest';
import { actorDisplayName, fullName, personTarget } from './names.js';

describe('people names', () => {
  it.each([
    [{ firstName: 'Ada', lastName: 'Lovelace' }, 'Ada Lovelace'],
    [{ firstName: 'Ada', lastName: '' }, 'Ada'],
    [{ firstName: '', lastName: 'Lovelace' }, 'Lovelace'],
    [{ firstName: ' ', lastName: '' }, ''],
  ])('fullName(%o) is %s', (p, want) => {
    expect(fullName(p)).toBe(want);
  });

  it('falls back to the e-mail for someone without a name', () => {
    expect(actorDisplayName({ firstName: '', lastName: '', email: 'a@b.test' })).toBe('a@b.test');
    expect(actorDisplayName({ firstName: 'Ada', lastName: '', email: 'a@b.test' })).toBe('Ada');
  });

  it('makes a person target carrying the role can() decides on', () => {
    expect(personTarget({ id: 'u1', role: 'admin' })).toEqual({ kind: 'person', id: 'u1', role: 'admin' });
  });
});
