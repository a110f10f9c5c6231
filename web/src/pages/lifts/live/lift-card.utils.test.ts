import { describe, expect, it } from 'vitest';
import { liveLiftFixture as lift } from '../../../live/live-lift.fixture';
import { clock, groupByBank, modeTone, secondsSince } from './lift-card.utils';

describe('lift cards (LIFTS-LIVE)', () => {
  it('shows fire, emergency and offline modes as alarms', () => {
    expect(['fire', 'emergency', 'offline'].map((m) => modeTone(m as never))).toEqual([
      'alarm',
      'alarm',
      'alarm',
    ]);
    expect(modeTone('agv')).toBe('robots');
    expect(modeTone('human')).toBe('normal');
    expect(modeTone(undefined)).toBe('unknown');
  });

  it('says how old the last state is, to a tenth under ten seconds', () => {
    const at = '2026-11-23T08:00:00.000Z';
    expect(secondsSince(at, Date.parse(at) + 1240)).toBe(1.2);
    expect(secondsSince(at, Date.parse(at) + 64_600)).toBe(65);
    expect(secondsSince(null, 0)).toBeNull();
  });

  it('writes waits as a clock', () => {
    expect(clock(5)).toBe('0:05');
    expect(clock(65)).toBe('1:05');
    expect(clock(3723)).toBe('1:02:03');
  });

  it('groups lifts by bank, both by name', () => {
    const groups = groupByBank(
      [
        lift({ id: '2', name: 'B', bankId: 'b2' }),
        lift({ id: '1', name: 'B' }),
        lift({ id: '0', name: 'A' }),
      ],
      new Map([
        ['b1', 'North core'],
        ['b2', 'Freight'],
      ]),
    );
    expect(groups.map((g) => [g.name, g.lifts.map((l) => l.id)])).toEqual([
      ['Freight', ['2']],
      ['North core', ['0', '1']],
    ]);
  });
});
