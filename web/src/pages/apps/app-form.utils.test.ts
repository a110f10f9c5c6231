import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { appBodyOf, NEW_APP } from './app-form.utils';

describe('the application dialog’s body', () => {
  it('sends no robot or building when the application reaches every robot', () => {
    const body = appBodyOf({ ...NEW_APP, name: 'PMS', robotIds: ['r'], buildingIds: ['b'] });
    expect(body.robots).toEqual({ all: true, robotIds: [], buildingIds: [] });
  });

  it('sends the chosen robots and buildings, trimmed IP ranges without blanks, and the end of the expiry day', () => {
    const body = appBodyOf({
      ...NEW_APP,
      name: 'POS',
      robotsMode: 'chosen',
      robotIds: ['r1'],
      buildingIds: ['b1'],
      ipRanges: [' 203.0.113.0/24 ', ''],
      expiresAt: dayjs('2027-03-31T08:00:00'),
    });
    expect(body.robots).toEqual({ all: false, robotIds: ['r1'], buildingIds: ['b1'] });
    expect(body.ipRanges).toEqual(['203.0.113.0/24']);
    expect(dayjs(body.expiresAt).format('YYYY-MM-DD HH:mm')).toBe('2027-03-31 23:59');
  });
});
