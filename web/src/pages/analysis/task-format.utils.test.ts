import { describe, expect, it } from 'vitest';
import { timelineSegments, zonedTime, zoneLabel } from './task-format.utils';

describe('zonedTime', () => {
  it('reads an instant on the building’s clock, not the browser’s', () => {
    const iso = '2026-08-03T12:05:00.000Z';
    expect(zonedTime(iso, 'Asia/Shanghai', 'en')).toBe('Aug 3, 8:05 PM');
    expect(zonedTime(iso, 'Europe/Berlin', 'zh-CN')).toBe('8月3日 14:05');
    expect(zonedTime(iso, 'America/New_York', 'en', false)).toBe('8:05 AM');
  });

  it('moves to the next day when the building’s clock has passed midnight', () => {
    expect(zonedTime('2026-08-03T20:30:00.000Z', 'Asia/Shanghai', 'zh-CN')).toBe('8月4日 4:30');
  });
});

describe('zoneLabel', () => {
  it('names the zone with its offset at that instant', () => {
    expect(zoneLabel('2026-08-03T12:00:00.000Z', 'Europe/Berlin', 'en')).toBe('Europe/Berlin (GMT+2)');
    expect(zoneLabel('2026-01-03T12:00:00.000Z', 'Europe/Berlin', 'en')).toBe('Europe/Berlin (GMT+1)');
  });
});

describe('timelineSegments', () => {
  it('places each state in percent of the task and clips what lies outside it', () => {
    const segments = timelineSegments(
      [
        { state: 'idle', from: '2026-08-03T09:50:00.000Z', to: '2026-08-03T10:00:00.000Z' },
        { state: 'working', from: '2026-08-03T10:00:00.000Z', to: '2026-08-03T10:30:00.000Z' },
        { state: 'error', from: '2026-08-03T10:30:00.000Z', to: '2026-08-03T11:15:00.000Z' },
      ],
      '2026-08-03T10:00:00.000Z',
      '2026-08-03T11:00:00.000Z',
    );
    expect(segments.map((s) => [s.state, s.left, s.width])).toEqual([
      ['working', 0, 50],
      ['error', 50, 50],
    ]);
  });

  it('draws nothing for a task without length', () => {
    expect(timelineSegments([], '2026-08-03T10:00:00.000Z', '2026-08-03T10:00:00.000Z')).toEqual([]);
  });
});
