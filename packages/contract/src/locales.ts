import { z } from 'zod';
import { nothing } from './envelope.js';
import { defineRoute } from './route.js';
import { rawText } from './text.js';

export const LANGUAGES = ['en', 'zh'] as const;
export const language = z.enum(LANGUAGES);
export type Language = z.infer<typeof language>;

export const namespace = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,39}$/, 'a namespace is lower-case letters, digits and dashes');

/** Keys per file a client may report missing in one call, and the longest key or default text. */
export const MISSING_KEYS_MAX = 50;
export const MISSING_KEY_LENGTH_MAX = 500;

const params = z.object({ lng: language, ns: namespace });

export const localeRoutes = {
  getLocale: defineRoute({
    id: 'getLocale',
    method: 'GET',
    path: '/locales/:lng/:ns.json',
    auth: 'public',
    area: 'locales',
    summary: 'One namespace of translations (served with no-cache headers)',
    params,
    data: z.record(z.string(), z.unknown()),
    raw: true,
  }),
  addMissingKeys: defineRoute({
    id: 'addMissingKeys',
    method: 'POST',
    path: '/locales/add/:lng/:ns',
    auth: 'public',
    area: 'locales',
    summary: 'Record translation keys a client found missing (never writes translation files)',
    params,
    body: z
      .record(rawText(MISSING_KEY_LENGTH_MAX).min(1), rawText(MISSING_KEY_LENGTH_MAX))
      .refine((keys) => Object.keys(keys).length <= MISSING_KEYS_MAX, `at most ${MISSING_KEYS_MAX} keys`),
    data: nothing,
  }),
};
