import { describe, expect, it } from 'vitest';
import { offsetOf, timeZoneOptions } from './time-zones.utils';

const WINTER = new Date('2025-01-15T12:00:00Z');

describe('timeZoneOptions', () => {
  it('adds UTC and the current zone, sorted by name, labelled with the offset', () => {
    const options = timeZoneOptions(['Europe/Berlin', 'Asia/Tokyo'], 'America/New_York', WINTER);
    expect(options.map((o) => o.value)).toEqual(['America/New_York', 'Asia/Tokyo', 'Europe/Berlin', 'UTC']);
    expect(options.find((o) => o.value === 'Europe/Berlin')?.label).toBe('Europe/Berlin (GMT+01:00)');
    expect(options.find((o) => o.value === 'Asia/Tokyo')?.label).toBe('Asia/Tokyo (GMT+09:00)');
  });

  it('lists a zone once however often it is given', () => {
    expect(timeZoneOptions(['UTC', 'UTC'], 'UTC', WINTER).map((o) => o.value)).toEqual(['UTC']);
  });

  it('keeps a zone the browser cannot format, without an offset', () => {
    expect(timeZoneOptions([], 'Mars/Olympus', WINTER)).toContainEqual({
      value: 'Mars/Olympus',
      label: 'Mars/Olympus',
    });
  });
});

describe('offsetOf', () => {
  it('follows daylight saving time', () => {
    expect(offsetOf('Europe/Berlin', new Date('2025-07-15T12:00:00Z'))).toBe('GMT+02:00');
  });
});
