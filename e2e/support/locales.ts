import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@fleet/contract';

const LOCALES = path.resolve(import.meta.dirname, '../../web/public/locales');
const cache = new Map<string, unknown>();

/**
 * A text of the console's translation files, `ns:key.path` (ns defaults to common), so a test names the
 * text it expects the way the console does instead of copying it.
 */
export function text(lng: Language, key: string, values: Record<string, string | number> = {}): string {
  const [ns, keyPath] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  const file = `${lng}/${ns}.json`;
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(path.join(LOCALES, file), 'utf8')));
  const found = keyPath
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], cache.get(file));
  if (typeof found !== 'string') throw new Error(`no text ${lng}/${ns}:${keyPath}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/**
 * A button's text: antd puts a space between the two characters of a two-character Chinese label
 * ("登 录"), so the expected text is matched with or without it.
 */
export function buttonText(lng: Language, key: string, values: Record<string, string | number> = {}): RegExp {
  const chars = [...text(lng, key, values)].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^\\s*${chars.join('\\s?')}\\s*$`);
}
