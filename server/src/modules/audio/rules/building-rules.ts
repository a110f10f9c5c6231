import { type BuildingAudioRules, DEFAULT_BUILDING_AUDIO_RULES } from '@fleet/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { audioBuildingRules } from '../../../db/schema/index.js';
import { buildingClocks } from '../../buildings/repo.js';

export interface BuildingRulesRow extends BuildingAudioRules {
  buildingId: string;
  buildingName: string;
  timeZone: string;
}

/** Every building of the company (or one) with its audio rules (the defaults where none were set), by name. */
export async function rulesOfBuildings(
  db: Db,
  companyId: string,
  buildingId?: string,
): Promise<BuildingRulesRow[]> {
  const clocks = await buildingClocks(db, companyId, buildingId);
  if (!clocks.length) return [];
  const rules = await db
    .select()
    .from(audioBuildingRules)
    .where(
      and(
        eq(audioBuildingRules.companyId, companyId),
        inArray(
          audioBuildingRules.buildingId,
          clocks.map((c) => c.id),
        ),
      ),
    );
  return clocks.map((c) => {
    const own = rules.find((r) => r.buildingId === c.id);
    return {
      buildingId: c.id,
      buildingName: c.name,
      timeZone: c.timeZone,
      quietHours: own?.quietHours ?? DEFAULT_BUILDING_AUDIO_RULES.quietHours,
      volumeCap: own?.volumeCap ?? DEFAULT_BUILDING_AUDIO_RULES.volumeCap,
    };
  });
}

/** The rules a robot plays under: its building's, or none (UTC, no quiet hours, full volume) when it has none. */
export async function rulesForRobot(
  db: Db,
  companyId: string,
  buildingId: string | null,
): Promise<BuildingAudioRules & { timeZone: string }> {
  const [row] = buildingId ? await rulesOfBuildings(db, companyId, buildingId) : [];
  return row ?? { ...DEFAULT_BUILDING_AUDIO_RULES, timeZone: 'UTC' };
}
