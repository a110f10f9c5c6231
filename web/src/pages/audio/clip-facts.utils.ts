import type { AudioClip } from '@fleet/contract';

const KB = 1024;
const MB = KB * 1024;

const numberFormat = (lng: string, digits: number) =>
  new Intl.NumberFormat(lng === 'zh' ? 'zh-CN' : 'en', { maximumFractionDigits: digits });

/** "820 B", "14.2 KB", "3.4 MB": binary units, as the server's caps are counted. */
export function bytesText(bytes: number, lng: string): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${numberFormat(lng, 1).format(bytes / KB)} KB`;
  return `${numberFormat(lng, 1).format(bytes / MB)} MB`;
}

/** "0:07", "2:05", "1:02:03" — a clip's length as a player shows it; under ten seconds with tenths ("4.2 s"). */
export function durationText(ms: number): string {
  if (ms < 10_000) return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** "44.1 kHz", "8 kHz"; "–" when the format does not say. */
export function sampleRateText(hz: number | null, lng: string): string {
  if (!hz) return '–';
  return `${numberFormat(lng, 1).format(hz / 1000)} kHz`;
}

/** "128 kbps"; "–" when the format does not say. */
export function bitrateText(bps: number | null): string {
  return bps ? `${Math.round(bps / 1000)} kbps` : '–';
}

/** The first characters of a SHA-256: enough to tell two files apart at a glance. */
export const shortChecksum = (sha256: string) => sha256.slice(0, 8);

/**
 * A language tag by its name in the console's language ("Chinese (China)", "中文（中国）"), the tag itself when
 * the browser does not know it.
 */
export function langName(tag: string, lng: string): string {
  try {
    const name = new Intl.DisplayNames([lng === 'zh' ? 'zh-CN' : 'en'], { type: 'language' }).of(tag);
    return name && name !== tag ? name : tag;
  } catch {
    return tag;
  }
}

/** Languages offered first when choosing one; any other BCP 47 tag may be typed. */
export const COMMON_LANGS = [
  'en',
  'zh',
  'zh-CN',
  'zh-TW',
  'ja',
  'ko',
  'de',
  'fr',
  'es',
  'it',
  'pt-BR',
] as const;

/** The total length of clips played one after another; missing clips count nothing. */
export function totalDurationMs(clipIds: readonly string[], clips: ReadonlyMap<string, AudioClip>): number {
  return clipIds.reduce((sum, id) => sum + (clips.get(id)?.durationMs ?? 0), 0);
}
