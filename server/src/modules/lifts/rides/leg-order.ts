import type { Header } from '../../../fleet/commands/vda-commands.js';
import type { Leg } from './ride.js';

/**
 * A ride's leg as a VDA 5050 order: its nodes released in order (even sequence ids), joined by released edges
 * (odd). Each node carries its floor as `mapId`; the exit leg's first node is on the destination floor's map.
 */
export function legOrder(header: Header, leg: Leg) {
  return {
    ...header,
    orderId: leg.orderId,
    orderUpdateId: 0,
    nodes: leg.nodes.map((n, i) => ({
      nodeId: n.nodeId,
      sequenceId: i * 2,
      released: true,
      nodePosition: { x: n.x, y: n.y, theta: n.theta, mapId: n.mapId, allowedDeviationXY: 0.3 },
      actions: [],
    })),
    edges: leg.nodes.slice(1).map((n, i) => ({
      edgeId: `${leg.orderId}-edge-${i}`,
      sequenceId: i * 2 + 1,
      released: true,
      startNodeId: (leg.nodes[i] as Leg['nodes'][number]).nodeId,
      endNodeId: n.nodeId,
      actions: [],
    })),
  };
}
