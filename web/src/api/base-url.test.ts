import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, resolveBaseUrl } from './base-url';

const us = { label: 'United States', region: 'US', host: 'https://us.fleet.example/' };
const eu = { label: 'Europe', region: 'EU', host: 'https://eu.fleet.example' };
const origin = 'https://console.example';

describe('resolveBaseUrl', () => {
  it.each([
    ['nothing stored', null, 'US', origin],
    ['the page server region', us, 'US', origin],
    ['another region', eu, 'US', 'https://eu.fleet.example'],
    ['a region while the page region is unknown', us, undefined, 'https://us.fleet.example'],
    ['a region with an empty host', { ...eu, host: '' }, 'US', origin],
    ['a region with a relative host', { ...eu, host: '/eu' }, 'US', origin],
  ] as const)('%s', (_, stored, pageRegion, expected) => {
    expect(resolveBaseUrl(stored, pageRegion, origin)).toBe(expected);
  });
});

describe('fileNameFromDisposition', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['attachment; filename="report.csv"', 'report.csv'],
    ['attachment; filename=report.csv', 'report.csv'],
    ['attachment; filename="x.csv"; filename*=UTF-8\'\'%E6%8A%A5%E5%91%8A.csv', '报告.csv'],
    ['attachment', ''],
  ])('%s → %s', (header, expected) => {
    expect(fileNameFromDisposition(header)).toBe(expected);
  });
});
