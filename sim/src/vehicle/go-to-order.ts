import type { Order } from '../messages.js';
import type { Pose, Station } from './types.js';

/**
 * The order the console sends for "go to a station", built the same way: two released nodes (here, then the
 * station) joined by one edge, even sequenceIds for nodes and odd for edges.
 */
export function buildGoToOrder(orderId: string, from: Pose, to: Station, mapId = from.mapId): Order {
  const startId = `${orderId}-start`;
  return {
    orderId,
    orderUpdateId: 0,
    nodes: [
      {
        nodeId: startId,
        sequenceId: 0,
        released: true,
        nodePosition: { x: from.x, y: from.y, mapId: from.mapId },
        actions: [],
      },
      {
        nodeId: to.id,
        sequenceId: 2,
        released: true,
        nodePosition: { x: to.x, y: to.y, mapId, ...(to.theta === undefined ? {} : { theta: to.theta }) },
        actions: [],
      },
    ],
    edges: [
      {
        edgeId: `${startId}-${to.id}`,
        sequenceId: 1,
        released: true,
        startNodeId: startId,
        endNodeId: to.id,
        actions: [],
      },
    ],
  };
}
