import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { missingTranslationKeys } from '../../db/schema/index.js';

export async function countMissingKeys(db: Db): Promise<number> {
  const [stored] = await db.select({ n: count() }).from(missingTranslationKeys);
  return stored?.n ?? 0;
}

/** Each key reported again counts one more report. */
export async function reportMissingKeys(
  db: Db,
  lng: string,
  ns: string,
  entries: [key: string, defaultValue: string][],
) {
  await db
    .insert(missingTranslationKeys)
    .values(entries.map(([key, defaultValue]) => ({ lng, ns, key, defaultValue })))
    .onConflictDoUpdate({
      target: [missingTranslationKeys.lng, missingTranslationKeys.ns, missingTranslationKeys.key],
      set: { reports: sql`${missingTranslationKeys.reports} + 1`, lastSeenAt: sql`now()` },
    });
}
