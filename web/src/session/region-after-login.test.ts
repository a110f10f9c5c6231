import type { LoginResult } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { regionAfterLogin } from './region-after-login';

const us = { label: 'United States', region: 'US', host: 'https://us.example' };
const eu = { label: 'Europe', region: 'EU', host: 'https://eu.example' };
const result = (region = us, operationHost?: string): LoginResult => ({
  token: 't',
  companyId: '00000000-0000-4000-8000-0000000000c1',
  region,
  ...(operationHost ? { operationHost } : {}),
});

describe('regionAfterLogin', () => {
  it.each([
    ['same region, no host change', result(us), us, undefined],
    ['nothing stored yet', result(us), null, us],
    ['a company of another region', result(eu, 'https://eu.example'), us, eu],
    [
      'same region code, new host',
      result(us, 'https://us2.example'),
      us,
      { ...us, host: 'https://us2.example' },
    ],
    ['only the region differs', result(eu), us, eu],
  ] as const)('%s', (_, answer, current, expected) => {
    expect(regionAfterLogin(answer, current)).toEqual(expected);
  });
});
