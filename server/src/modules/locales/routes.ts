import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { countMissingKeys, reportMissingKeys } from './repo.js';

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
      if ((await countMissingKeys(services.dir)) + entries.length > MISSING_KEYS_TABLE_CAP) {
        throw new AppError('PAYLOAD_TOO_LARGE', 'The list of missing translation keys is full');
      }
      await reportMissingKeys(services.dir, params.lng, params.ns, entries);
      return null;
    },
  };
}
