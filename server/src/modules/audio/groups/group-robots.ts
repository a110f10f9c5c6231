import type { GroupRobot, groupRobotSearch, PageResult } from '@fleet/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { audioDeployments } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { buildingNames } from '../../buildings/repo.js';
import { robotsByIds } from '../../robots/repo.js';

type Filter = z.infer<typeof groupRobotSearch>;

/**
 * A group's robots with where each is with it, by robot name, and whether each is online now. The robots' names and
 * buildings are the robots and buildings areas' to read, so the rows are joined here: a group reaches at most a
 * company's fleet (thousands), read whole and paged in memory.
 */
export async function groupRobots(
  services: Services,
  companyId: string,
  f: Filter,
  page: { offset: number; limit: number },
): Promise<PageResult<GroupRobot>> {
  const rows = await services.reg
    .select()
    .from(audioDeployments)
    .where(
      and(
        eq(audioDeployments.companyId, companyId),
        eq(audioDeployments.groupId, f.groupId),
        f.state ? eq(audioDeployments.state, f.state) : undefined,
      ),
    );
  const robots = new Map(
    (
      await robotsByIds(
        services.reg,
        rows.map((r) => r.robotId),
      )
    ).map((r) => [r.id, r]),
  );
  const places = await buildingNames(
    services.reg,
    companyId,
    [...robots.values()].flatMap((r) => (r.buildingId ? [r.buildingId] : [])),
  );
  const needle = f.robot?.toLocaleLowerCase();
  const list = rows
    .flatMap((row) => {
      const robot = robots.get(row.robotId);
      if (!robot || robot.companyId !== companyId) return [];
      if (
        needle &&
        !robot.name.toLocaleLowerCase().includes(needle) &&
        !robot.serialNumber.toLocaleLowerCase().includes(needle)
      )
        return [];
      return [
        {
          robotId: robot.id,
          robotName: robot.name,
          serialNumber: robot.serialNumber,
          buildingName: robot.buildingId ? (places.get(robot.buildingId) ?? null) : null,
          online: services.fleet.store.facts(robot.id)?.connection === 'ONLINE',
          version: row.version,
          state: row.state,
          reason: row.reason,
          updatedAt: row.updatedAt.toISOString(),
        },
      ];
    })
    .sort((a, b) => a.robotName.localeCompare(b.robotName) || a.robotId.localeCompare(b.robotId));
  return { list: list.slice(page.offset, page.offset + page.limit), totalCnt: list.length };
}
