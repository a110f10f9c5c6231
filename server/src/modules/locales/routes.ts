import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { missingTranslationKeys } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';

/** The table of reported keys stops growing here: it is a to-do list for translators, not a store. */
export const MISSING_KEYS_TABLE_CAP = 5000;

export function localeHandlers(services: Services): Handlers<'getLocale' | 'addMissingKeys'> {
  return {
    getLocale: async ({ params }, { reply }) => {
      // lng and ns are validated by the contract (an enum and [a-z0-9-]), so the path cannot escape.
      const file = path.join(services.config.localesDir, params.lng, `${params.ns}.json`);
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch {
        throw notFound(`translations ${params.lng}/${params.ns}`);
      }
      reply.header('cache-control', 'no-cache, no-store, must-revalidate');
      return JSON.parse(text) as Record<string, unknown>;
    },
    addMissingKeys: async ({ params, body }) => {
      const entries = Object.entries(body);
      if (!entries.length) return null;
      const [stored] = await services.dir.select({ n: count() }).from(missingTranslationKeys);
      if ((stored?.n ?? 0) + entries.length > MISSING_KEYS_TABLE_CAP) {
        throw new AppError('PAYLOAD_TOO_LARGE', 'The list of missing translation keys is full');
      }
      await services.dir
        .insert(missingTranslationKeys)
        .values(entries.map(([key, defaultValue]) => ({ lng: params.lng, ns: params.ns, key, defaultValue })))
        .onConflictDoUpdate({
          target: [missingTranslationKeys.lng, missingTranslationKeys.ns, missingTranslationKeys.key],
          set: { reports: sql`${missingTranslationKeys.reports} + 1`, lastSeenAt: sql`now()` },
        });
      return null;
    },
  };
}
