import { describe, expect, it } from 'vitest';
import {
  bitrateText,
  bytesText,
  durationText,
  langName,
  sampleRateText,
  shortChecksum,
  totalDurationMs,
} from './clip-facts.utils';

describe('clip facts as the table shows them', () => {
  it.each([
    [820, '820 B'],
    [14_540, '14.2 KB'],
    [3.4 * 1024 * 1024, '3.4 MB'],
    [50 * 1024 * 1024, '50 MB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(bytesText(bytes, 'en')).toBe(text);
  });

  it.each([
    [0, '0.0 s'],
    [4_240, '4.2 s'],
    [9_949, '9.9 s'],
    [10_000, '0:10'],
    [125_400, '2:05'],
    [3_723_000, '1:02:03'],
  ])('%d ms lasts %s', (ms, text) => {
    expect(durationText(ms)).toBe(text);
  });

  it('names the signal and says so when the format does not tell', () => {
    expect(sampleRateText(44_100, 'en')).toBe('44.1 kHz');
    expect(sampleRateText(8_000, 'zh')).toBe('8 kHz');
    expect(sampleRateText(null, 'en')).toBe('–');
    expect(bitrateText(128_000)).toBe('128 kbps');
    expect(bitrateText(null)).toBe('–');
  });

  it('shortens a checksum to its first eight characters', () => {
    expect(shortChecksum('9f86d081884c7d659a2feaa0c55ad015')).toBe('9f86d081');
  });

  it('names a language in the console language, and keeps a tag it cannot name', () => {
    expect(langName('en', 'en')).toBe('English');
    expect(langName('zh', 'zh')).toBe('中文');
    expect(langName('x-not-a-tag!', 'en')).toBe('x-not-a-tag!');
  });

  it('adds up the clips of a playlist, a missing clip counting nothing', () => {
    const clips = new Map([
      ['a', { durationMs: 1000 }],
      ['b', { durationMs: 2500 }],
    ]) as never;
    expect(totalDurationMs(['a', 'b', 'a', 'gone'], clips)).toBe(4500);
  });
});
