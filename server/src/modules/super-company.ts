import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies, memberships } from '../db/schema/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The console operator's own company (SUPER_COMPANY: its id or exact name); its members see the lift screens. */
export interface SuperCompany {
  isMember(userId: string): Promise<boolean>;
}

export function createSuperCompany(dir: Db, configured: string): SuperCompany {
  const match = UUID.test(configured) ? eq(companies.id, configured) : eq(companies.name, configured);
  return {
    isMember: async (userId) => {
      const rows = await dir
        .select({ id: companies.id })
        .from(memberships)
        .innerJoin(companies, eq(companies.id, memberships.companyId))
        .where(and(eq(memberships.userId, userId), match))
        .limit(1);
      return rows.length > 0;
    },
  };
}
