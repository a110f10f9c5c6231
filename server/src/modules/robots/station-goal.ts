import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import { stationPlace } from '../buildings/repo.js';

export interface Goal {
  x: number;
  y: number;
  theta: number;
  /** The floor's id: the VDA 5050 mapId of the target node. */
  mapId: string;
  /** Names the order's last node. */
  stationId: string;
  name: string;
}

/**
 * Where a go-to-station command drives: the station's floor, position and heading. The station must be the
 * caller's company's (else not found) and in the robot's building, since nothing carries a robot between
 * buildings; another floor of the same building is fine (the lift is the robot's business).
 */
export async function stationGoal(
  db: Db,
  companyId: string,
  robot: { name: string; buildingId: string | null },
  stationId: string,
): Promise<Goal> {
  const row = await stationPlace(db, companyId, stationId);
  if (!row) throw notFound('station');
  if (robot.buildingId !== row.buildingId) {
    throw badRequest(
      'body.stationId',
      robot.buildingId
        ? `${row.name} is in ${row.buildingName}, and ${robot.name} is in another building`
        : `${robot.name} is in no building; place it in ${row.buildingName} first`,
    );
  }
  return { x: row.x, y: row.y, theta: row.theta, mapId: row.floorId, stationId: row.id, name: row.name };
}
