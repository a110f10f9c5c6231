import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localTimes } from './local-time.js';

/* Every instant is written as Intl writes it, clock changes and odd offsets included. */

const ZONES = [
  'UTC',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
];

const formats = new Map(
  ZONES.map((timeZone) => [
    timeZone,
    new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
  ]),
);
const intl = (at: Date, timeZone: string) => formats.get(timeZone)?.format(at);

describe('localTimes', () => {
  it.each([
    ['America/Los_Angeles', '2026-03-08T09:59:59.999Z', '2026-03-08 01:59:59'],
    ['America/Los_Angeles', '2026-03-08T10:00:00.000Z', '2026-03-08 03:00:00'],
    ['America/Los_Angeles', '2026-11-01T08:30:00.000Z', '2026-11-01 01:30:00'],
    ['America/Los_Angeles', '2026-11-01T09:30:00.000Z', '2026-11-01 01:30:00'],
    ['Australia/Lord_Howe', '2026-04-04T15:15:00.000Z', '2026-04-05 01:45:00'],
    ['Asia/Kathmandu', '2026-01-05T18:14:59.500Z', '2026-01-05 23:59:59'],
    ['Asia/Kathmandu', '2026-01-05T18:15:00.000Z', '2026-01-06 00:00:00'],
  ])('in %s, %s reads %s', (zone, at, wall) => {
    expect(localTimes()(new Date(at), zone)).toBe(wall);
  });

  it('agrees with Intl at any instant of the years around now', () => {
    const write = localTimes();
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.constantFrom(...ZONES),
        (t, zone) => {
          expect(write(new Date(t), zone)).toBe(intl(new Date(t), zone));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('agrees with Intl every seven minutes across clock changes', () => {
    const write = localTimes();
    for (const zone of ZONES)
      for (const day of ['2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01'])
        for (
          let t = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
          t < Date.parse(`${day}T00:00:00Z`) + 86_400_000;
          t += 7 * 60_000 + 7
        )
          expect(write(new Date(t), zone)).toBe(intl(new Date(t), zone));
  });
});
