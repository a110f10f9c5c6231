import { describe, expect, it } from 'vitest';
import {
  customRoleNames,
  type PeopleTableState,
  peopleSearchBody,
  phoneText,
  sorterOrderOf,
  sortOfSorter,
} from './person-table.utils';

const base: PeopleTableState = {
  page: 1,
  pageSize: 20,
  keyword: '',
  role: undefined,
  sortBy: undefined,
  sortOrder: undefined,
};

describe('peopleSearchBody', () => {
  it.each([
    ['nothing chosen', base, { pageIndex: 1, pageLength: 20, requestData: {} }],
    [
      'a keyword with spaces around it',
      { ...base, keyword: '  olivia ' },
      { pageIndex: 1, pageLength: 20, requestData: { keyword: 'olivia' } },
    ],
    ['only spaces', { ...base, keyword: '   ' }, { pageIndex: 1, pageLength: 20, requestData: {} }],
    [
      'role, page and sort',
      { ...base, page: 3, pageSize: 50, role: 'admin', sortBy: 'email', sortOrder: 'desc' },
      { pageIndex: 3, pageLength: 50, requestData: { role: 'admin', sortBy: 'email', sortOrder: 'desc' } },
    ],
    [
      'a sort field without order',
      { ...base, sortBy: 'email' },
      { pageIndex: 1, pageLength: 20, requestData: {} },
    ],
  ] as const)('%s', (_, state, expected) => {
    expect(peopleSearchBody(state)).toEqual(expected);
  });
});

describe('sortOfSorter', () => {
  it.each([
    [
      { columnKey: 'name', order: 'ascend' },
      { sortBy: 'name', sortOrder: 'asc' },
    ],
    [
      { columnKey: 'lastSignInAt', order: 'descend' },
      { sortBy: 'lastSignInAt', sortOrder: 'desc' },
    ],
    [[{ columnKey: 'role', order: 'descend' }], { sortBy: 'role', sortOrder: 'desc' }],
    [
      { columnKey: 'name', order: null },
      { sortBy: undefined, sortOrder: undefined },
    ],
    [
      { columnKey: 'phone', order: 'ascend' },
      { sortBy: undefined, sortOrder: undefined },
    ],
    [undefined, { sortBy: undefined, sortOrder: undefined }],
  ])('%j → %j', (sorter, expected) => {
    expect(sortOfSorter(sorter)).toEqual(expected);
  });

  it('gives the arrow back for the sorted column only', () => {
    const state: PeopleTableState = { ...base, sortBy: 'email', sortOrder: 'asc' };
    expect(sorterOrderOf(state, 'email')).toBe('ascend');
    expect(sorterOrderOf(state, 'name')).toBeNull();
  });
});

describe('phoneText', () => {
  it.each([
    [{ phonePrefix: '+45', phoneNumber: '12345678' }, '+45 12345678'],
    [{ phonePrefix: '-1', phoneNumber: '+86 10 1234 5678' }, '+86 10 1234 5678'],
    [{ phonePrefix: null, phoneNumber: '5551234' }, '5551234'],
    [{ phonePrefix: '+1', phoneNumber: null }, undefined],
  ] as const)('%j → %s', (person, expected) => {
    expect(phoneText(person)).toBe(expected);
  });
});

describe('customRoleNames', () => {
  it('names the known roles in order and skips the unknown', () => {
    const roles = new Map([
      ['a', 'Night shift'],
      ['b', 'Auditors'],
    ]);
    expect(customRoleNames(['b', 'x', 'a'], roles)).toEqual(['Auditors', 'Night shift']);
  });
});
