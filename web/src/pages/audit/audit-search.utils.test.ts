import { describe, expect, it } from 'vitest';
import { auditSearchBody, FIRST_AUDIT_PAGE } from './audit-search.utils';

describe('auditSearchBody', () => {
  it.each([
    ['no filter', FIRST_AUDIT_PAGE, { pageIndex: 1, pageLength: 20, requestData: {} }],
    [
      'person and action',
      { page: 2, pageSize: 50, actorId: 'u1', action: 'role.create' },
      { pageIndex: 2, pageLength: 50, requestData: { actorId: 'u1', action: 'role.create' } },
    ],
  ] as const)('%s', (_, filter, expected) => {
    expect(auditSearchBody(filter)).toEqual(expected);
  });
});
