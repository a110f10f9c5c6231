import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { settings } from '../db/schema/index.js';

/**
 * A secret every instance of every region agrees on: from configuration when given, else made once and
 * kept in the directory database (first writer wins).
 */
export async function sharedSecret(dir: Db, key: string, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await dir
    .insert(settings)
    .values({ key, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await dir.select().from(settings).where(eq(settings.key, key));
  if (!row) throw new Error(`setting ${key} could not be stored`);
  return Buffer.from(row.value, 'base64');
}
