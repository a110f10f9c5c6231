import { and, eq, inArray } from 'drizzle-orm';
import { authorize } from '../../../auth/authorize.js';
import { audioBuildingRules, audioDeployments } from '../../../db/schema/index.js';
import { notFound } from '../../../errors.js';
import type { Handlers } from '../../../http/handlers.js';
import type { Services } from '../../../services.js';
import { audit } from '../../audit/record-audit.js';
import { robotIdsInBuilding } from '../../robots/repo.js';
import { ROBOTS_PER_LOOKUP } from '../deploy/audio-deployer.js';
import { rulesOfBuildings } from './building-rules.js';

/**
 * Each building's quiet hours and volume cap. A robot gets its building's rules in its groups' manifests: a change
 * sends the building's robots their active versions again (the files they hold are not fetched twice), and
 * play-now checks the rules at once.
 */
export function ruleHandlers(
  services: Services,
): Handlers<'listAudioBuildingRules' | 'editAudioBuildingRules'> {
  return {
    listAudioBuildingRules: async (_input, { session }) => {
      authorize(session, 'audio.read');
      return rulesOfBuildings(services.reg, session.companyId);
    },
    editAudioBuildingRules: async ({ body }, { session, ip }) => {
      authorize(session, 'audio.manage');
      const [building] = await rulesOfBuildings(services.reg, session.companyId, body.buildingId);
      if (!building) throw notFound('Building');
      const values = { quietHours: body.quietHours, volumeCap: body.volumeCap, updatedAt: new Date() };
      const inBuilding = await robotIdsInBuilding(services.reg, session.companyId, building.buildingId);
      const robotIds = await services.reg.transaction(async (tx) => {
        await tx
          .insert(audioBuildingRules)
          .values({ buildingId: building.buildingId, companyId: session.companyId, ...values })
          .onConflictDoUpdate({ target: audioBuildingRules.buildingId, set: values });
        if (!inBuilding.length) return [];
        const moved = await tx
          .update(audioDeployments)
          .set({ state: 'queued', actionId: null, updatedAt: new Date() })
          .where(
            and(
              eq(audioDeployments.companyId, session.companyId),
              inArray(audioDeployments.state, ['queued', 'downloading', 'ready']),
              inArray(audioDeployments.robotId, inBuilding),
            ),
          )
          .returning({ robotId: audioDeployments.robotId });
        return [...new Set(moved.map((m) => m.robotId))];
      });
      // Their queued rows read a thousand robots at a time, not a query each.
      for (let i = 0; i < robotIds.length; i += ROBOTS_PER_LOOKUP)
        await services.audio.sendQueued({ robotIds: robotIds.slice(i, i + ROBOTS_PER_LOOKUP) });
      await audit(services.dir, session, ip, 'audioRules.edit', building.buildingId, {
        name: building.buildingName,
        quietHours: body.quietHours,
        volumeCap: body.volumeCap,
      });
      return { ...building, quietHours: body.quietHours, volumeCap: body.volumeCap };
    },
  };
}
