import { fullName, type RobotCommand } from '@fleet/contract';
import type { robotCommands } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { accountNames } from '../people/repo.js';

/** Commands as the API shows them, with the name of who sent each (people live in the directory). */
export async function commandDtos(
  services: Services,
  rows: (typeof robotCommands.$inferSelect)[],
): Promise<RobotCommand[]> {
  const people = await accountNames(
    services.dir,
    rows.flatMap((r) => (r.issuedBy ? [r.issuedBy] : [])),
  );
  const nameOf = new Map(people.map((p) => [p.id, fullName(p)]));
  return rows.map((r) => ({
    id: r.id,
    robotId: r.robotId,
    type: r.type,
    status: r.status,
    reference: r.reference,
    detail: r.detail,
    issuedBy: r.issuedBy ? { id: r.issuedBy, name: nameOf.get(r.issuedBy) ?? '' } : null,
    issuedByApp: r.issuedByApp ? { id: r.issuedByApp, name: r.issuedByAppName ?? '' } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}
