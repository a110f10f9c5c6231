import type { RobotCommand } from '@fleet/contract';
import { inArray } from 'drizzle-orm';
import type { robotCommands } from '../../db/schema/index.js';
import { users } from '../../db/schema/index.js';
import type { Services } from '../../services.js';

/** Commands as the API shows them, with the name of who sent each (people live in the directory). */
export async function commandDtos(
  services: Services,
  rows: (typeof robotCommands.$inferSelect)[],
): Promise<RobotCommand[]> {
  const ids = [...new Set(rows.map((r) => r.issuedBy).filter((id): id is string => id !== null))];
  const people = ids.length
    ? await services.dir
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const nameOf = new Map(people.map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]));
  return rows.map((r) => ({
    id: r.id,
    robotId: r.robotId,
    type: r.type,
    status: r.status,
    reference: r.reference,
    detail: r.detail,
    issuedBy: r.issuedBy ? { id: r.issuedBy, name: nameOf.get(r.issuedBy) ?? '' } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}
