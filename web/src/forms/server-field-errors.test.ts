import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { parseFieldIssues, planFieldErrors } from './server-field-errors';

const failure = (code: string, info: string, status = 400) =>
  new ApiError({ kind: 'http', status, code, info });
const plain = (_field: string, _code: string | undefined, reason: string) => reason;

describe('parseFieldIssues', () => {
  it.each([
    ['body.email: not a valid e-mail address', [{ field: 'email', reason: 'not a valid e-mail address' }]],
    [
      'body.firstName: required; body.phoneNumber: a phone number is 4–23 digits, spaces, dashes or brackets',
      [
        { field: 'firstName', reason: 'required' },
        { field: 'phoneNumber', reason: 'a phone number is 4–23 digits, spaces, dashes or brackets' },
      ],
    ],
    [
      'body.permissions.2: not a permission of the matrix',
      [{ field: 'permissions', reason: 'not a permission of the matrix' }],
    ],
    [
      'body.name: a role named Ops; nights exists already',
      [{ field: 'name', reason: 'a role named Ops; nights exists already' }],
    ],
    ['query.keyword: at most 100 characters', [{ field: 'keyword', reason: 'at most 100 characters' }]],
    ['the company’s ownership changed meanwhile; reload and try again', []],
    ['', []],
  ])('%s', (info, expected) => {
    expect(parseFieldIssues(info)).toEqual(expected);
  });
});

describe('planFieldErrors', () => {
  const fields = { email: 'email', firstName: 'firstName', phoneNumber: 'phone' };

  it('puts an e-mail conflict on the e-mail field with the message the caller chooses', () => {
    const error = failure('CONFLICT', 'body.email: this person is already a member of the company', 409);
    const plan = planFieldErrors(error, fields, (field, code) => `${field} ${code}`);
    expect(plan).toEqual({ placed: [{ name: 'email', errors: ['email CONFLICT'] }], unplaced: false });
  });

  it('maps a body field to the form field of another name and groups complaints per field', () => {
    const error = failure(
      'BAD_REQUEST',
      'body.phoneNumber: too short; body.phoneNumber: bad; body.firstName: required',
    );
    expect(planFieldErrors(error, fields, plain).placed).toEqual([
      { name: 'phone', errors: ['too short', 'bad'] },
      { name: 'firstName', errors: ['required'] },
    ]);
  });

  it('leaves a complaint about a field the form does not show to be reported', () => {
    const error = failure('BAD_REQUEST', 'body.id: Invalid UUID');
    expect(planFieldErrors(error, fields, plain)).toEqual({ placed: [], unplaced: true });
  });

  it('ignores failures the API client already told the user about', () => {
    expect(planFieldErrors(failure('FORBIDDEN', 'body.email: no', 403), fields, plain)).toEqual({
      placed: [],
      unplaced: false,
    });
    expect(planFieldErrors(new Error('boom'), fields, plain)).toEqual({ placed: [], unplaced: false });
  });
});
