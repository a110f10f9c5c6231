import type { LiveRobot } from '@fleet/contract';

/** How long the last-seen column may lag: its tooltip reads to the minute and a moving robot reads "seconds ago". */
const LAST_SEEN_STEP_MS = 10_000;

/**
 * Everything the robot table shows of a robot, as one string: a row is drawn again only when this changes.
 * A moving robot's position, speed and exact time change several times a second and show nowhere in the
 * table; its battery shows as a whole percentage, a colour (below 20, below 40) and five bars.
 */
export function robotRowKey(r: LiveRobot): string {
  const battery =
    r.battery === null
      ? '-'
      : `${Math.round(r.battery)}:${r.battery < 20 ? 0 : r.battery < 40 ? 1 : 2}:${Math.round((5 * Math.min(100, Math.max(0, r.battery))) / 100)}`;
  const seen = r.lastSeenAt === null ? '-' : String(Math.floor(Date.parse(r.lastSeenAt) / LAST_SEEN_STEP_MS));
  return [
    r.id,
    r.name,
    r.serialNumber,
    r.model,
    r.buildingId ?? '-',
    r.position?.mapId ?? '-',
    r.status,
    r.stale ? 1 : 0,
    battery,
    r.charging ? 1 : 0,
    r.orderId ?? '-',
    r.driving ? 1 : 0,
    seen,
  ].join('\u0000');
}
