import { randomUUID } from 'node:crypto';

export interface Pose {
  x: number;
  y: number;
  theta: number;
  mapId: string;
}

export interface VdaHeader {
  headerId: number;
  timestamp: string;
  version: string;
  manufacturer: string;
  serialNumber: string;
}

/**
 * A VDA 5050 order that drives from where the robot is to a station: two released nodes (even sequence
 * ids) joined by one released edge (odd). The first node is the robot's position, as VDA 5050 requires.
 */
export function goToOrder(header: VdaHeader, from: Pose, to: Pose & { stationId: string }) {
  const orderId = `goto-${randomUUID()}`;
  const start = `${orderId}-start`;
  const end = `station-${to.stationId}`;
  return {
    ...header,
    orderId,
    orderUpdateId: 0,
    nodes: [
      {
        nodeId: start,
        sequenceId: 0,
        released: true,
        nodePosition: { x: from.x, y: from.y, theta: from.theta, mapId: from.mapId, allowedDeviationXY: 0.5 },
        actions: [],
      },
      {
        nodeId: end,
        sequenceId: 2,
        released: true,
        nodePosition: { x: to.x, y: to.y, theta: to.theta, mapId: to.mapId, allowedDeviationXY: 0.5 },
        actions: [],
      },
    ],
    edges: [
      {
        edgeId: `${orderId}-edge`,
        sequenceId: 1,
        released: true,
        startNodeId: start,
        endNodeId: end,
        actions: [],
      },
    ],
  };
}
