import { describe, expect, it } from 'vitest';
import { dateText, dayText } from './date-text.utils';

const now = new Date('2026-03-10T12:00:00Z');

describe('dateText', () => {
  it('reads relative to now and exactly, in English', () => {
    const text = dateText('2026-03-10T09:00:00Z', 'en', now);
    expect(text.relative).toBe('3 hours ago');
    expect(text.exact).toMatch(/^March 10, 2026 \d{1,2}:\d{2} [AP]M$/);
  });

  it('reads in Chinese', () => {
    const text = dateText('2026-03-08T12:00:00Z', 'zh', now);
    expect(text.relative).toBe('2 天前');
    expect(text.exact).toMatch(/^2026年3月\d{1,2}日/);
  });

  it('leaves the global dayjs language alone', () => {
    dateText('2026-03-08T12:00:00Z', 'zh', now);
    expect(dateText('2026-03-08T12:00:00Z', 'en', now).relative).toBe('2 days ago');
  });
});

describe('dayText', () => {
  it.each([
    ['en', /^March \d{1,2}, 2026$/],
    ['zh', /^2026年3月\d{1,2}日$/],
  ] as const)('%s', (lng, pattern) => {
    expect(dayText('2026-03-10T12:00:00Z', lng)).toMatch(pattern);
  });
});
