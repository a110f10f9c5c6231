import { describe, expect, it } from 'vitest';
import { durationText, floorCodesOf, gatewayLink, needsTestCall } from './lift-status.utils';

describe('needsTestCall', () => {
  it.each([
    [null, '2026-01-02T00:00:00Z', true],
    ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', true],
    ['2026-01-03T00:00:00Z', '2026-01-02T00:00:00Z', false],
    ['2026-01-02T00:00:00Z', '2026-01-02T00:00:00Z', false],
  ])('passed %s, changed %s → %s', (testPassedAt, changedAt, expected) => {
    expect(needsTestCall({ testPassedAt, changedAt })).toBe(expected);
  });
});

it.each([
  [true, 'online'],
  [false, 'offline'],
  [null, 'never'],
] as const)('a gateway online %s is %s', (online, expected) => {
  expect(gatewayLink({ online })).toBe(expected);
});

it.each([
  [null, '–'],
  [850, '850 ms'],
  [3200, '3.2 s'],
  [12_000, '12 s'],
])('%s ms reads %s', (ms, expected) => {
  expect(durationText(ms, 'en')).toBe(expected);
});

it('offers each floor code once', () => {
  const landing = (floorCode: string) => ({ floorCode }) as never;
  expect(floorCodesOf({ landings: [landing('0'), landing('0'), landing('12A')] })).toEqual(['0', '12A']);
});
