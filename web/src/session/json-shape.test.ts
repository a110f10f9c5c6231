import { STORED_SHAPES } from 'virtual:contract-shapes';
import { me, region, ssoConfig } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { type JsonShape, KNOWN_KEYWORDS, shapeOf } from './json-shape';

const ID = '00000000-0000-4000-8000-000000000001';
const user = {
  id: ID,
  firstName: 'Ada',
  lastName: 'Owner',
  email: 'owner@acme.test',
  phonePrefix: '+1',
  phoneNumber: null,
  companyId: ID,
  companyName: 'Acme',
  role: 'owner',
  isOwner: true,
  isAdmin: true,
  isSuperAdmin: false,
  isSuperCompanyMember: false,
  enableAudio: true,
};
const sso = {
  id: ID,
  companyId: ID,
  issuer: 'https://id.acme.test',
  clientId: 'console',
  hasClientSecret: true,
  emailDomains: ['acme.test'],
  createdAt: '2026-11-22T05:00:00.000Z',
  updatedAt: '2026-11-22T05:00:00Z',
};
const place = { label: 'Europe', region: 'EU', host: 'https://eu.acme.test' };

function keywordsOf(shape: JsonShape): string[] {
  const nested = [...(shape.anyOf ?? []), ...Object.values(shape.properties ?? {})];
  if (shape.items) nested.push(shape.items);
  return [...Object.keys(shape), ...nested.flatMap(keywordsOf)];
}

// The stored user, SSO settings and region are checked without zod (stored-shapes.ts): the checker must
// answer as the contract's zod schemas do.
describe.each<[string, JsonShape, ZodType, Record<string, unknown>]>([
  ['me', STORED_SHAPES.me, me, user],
  ['ssoConfig', STORED_SHAPES.ssoConfig, ssoConfig, sso],
  ['region', STORED_SHAPES.region, region, place],
])('%s', (_, shape, schema, good) => {
  it('uses only keywords the checker knows', () => {
    expect(keywordsOf(shape).filter((k) => !KNOWN_KEYWORDS.has(k))).toEqual([]);
  });

  const variants: [string, unknown][] = [
    ['a good value', good],
    ['extra keys', { ...good, extra: 1 }],
    ['null', null],
    ['an array', [good]],
    ['a string', 'garbage'],
    ...Object.keys(good).flatMap((key): [string, unknown][] => {
      const { [key]: _dropped, ...rest } = good;
      return [
        [`no ${key}`, rest],
        [`${key} a number`, { ...good, [key]: 42 }],
        [`${key} null`, { ...good, [key]: null }],
        [`${key} an odd string`, { ...good, [key]: 'not-a-uuid' }],
        [`${key} a list`, { ...good, [key]: ['x', 1] }],
      ];
    }),
  ];
  it.each(variants)('%s: as zod answers', (_, value) => {
    const parsed = schema.safeParse(value);
    expect(shapeOf(shape, value)).toEqual(parsed.success ? parsed.data : undefined);
  });
});
