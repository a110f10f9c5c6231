import { describe, expect, it } from 'vitest';
import { exportPercent, sizeText } from './export-progress.utils';

describe('an export’s progress', () => {
  it('is unknown until the server says how many rows come', () => {
    expect(exportPercent('tasks', 'csv', 5000, null)).toBeNull();
  });

  it('grows with the bytes received and stays below 100 until the file is whole', () => {
    const half = exportPercent('tasks', 'csv', 190 * 500, 1000);
    expect(half).toBeGreaterThan(40);
    expect(half).toBeLessThan(55);
    expect(exportPercent('tasks', 'csv', 10_000_000, 1000)).toBe(99);
  });

  it('writes sizes in kB, then MB, in the reader’s digits', () => {
    expect(sizeText(1500, 'en')).toBe('2 kB');
    expect(sizeText(12_345_678, 'en')).toBe('12.3 MB');
  });
});
