import type { ConnectionState, FactsheetMessage, StateMessage } from './messages.js';
import { VDA_VERSION } from './messages.js';
import type { Vehicle } from './vehicle/index.js';

export interface Identity {
  manufacturer: string;
  serialNumber: string;
}

type FactsheetBody = Omit<
  FactsheetMessage,
  'headerId' | 'timestamp' | 'version' | 'manufacturer' | 'serialNumber'
>;

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const round2 = (n: number) => Math.round(n * 100) / 100;
/** Truncated, not rounded: rounding π to 3.142 would leave the spec's [-π, π]. */
const theta3 = (n: number) => Math.trunc(n * 1000) / 1000;

/**
 * Turns a vehicle into VDA 5050 JSON. The parts that never change (version, manufacturer, serial number) are
 * serialised once per robot and visualization, the most frequent message, is written by hand: at 30,000
 * messages a second, JSON.stringify of whole objects would be the load generator's bottleneck.
 */
export class MessageEncoder {
  private readonly identityJson: string;
  private mapId = '';
  private mapIdJson = '""';

  constructor(identity: Identity) {
    this.identityJson =
      `"version":"${VDA_VERSION}","manufacturer":${JSON.stringify(identity.manufacturer)},` +
      `"serialNumber":${JSON.stringify(identity.serialNumber)}`;
  }

  private header(headerId: number, timestamp: string): string {
    return `{"headerId":${headerId},"timestamp":"${timestamp}",${this.identityJson}`;
  }

  connection(headerId: number, timestamp: string, state: ConnectionState): string {
    return `${this.header(headerId, timestamp)},"connectionState":"${state}"}`;
  }

  visualization(headerId: number, timestamp: string, v: Vehicle): string {
    const p = v.pose;
    const vel = v.velocity;
    return (
      `${this.header(headerId, timestamp)},"agvPosition":{"x":${round3(p.x)},"y":${round3(p.y)},` +
      `"theta":${theta3(p.theta)},"mapId":${this.mapJson(p.mapId)},"positionInitialized":true,` +
      `"localizationScore":1},"velocity":{"vx":${round3(vel.vx)},"vy":${round3(vel.vy)},` +
      `"omega":${round3(vel.omega)}}}`
    );
  }

  state(headerId: number, timestamp: string, v: Vehicle): string {
    const body: Omit<StateMessage, 'headerId' | 'timestamp' | 'version' | 'manufacturer' | 'serialNumber'> = {
      orderId: v.orderId,
      orderUpdateId: v.orderUpdateId,
      lastNodeId: v.lastNodeId,
      lastNodeSequenceId: v.lastNodeSequenceId,
      driving: v.driving,
      paused: v.paused,
      newBaseRequest: false,
      distanceSinceLastNode: round3(v.distanceSinceLastNode),
      operatingMode: 'AUTOMATIC',
      nodeStates: v.nodeStates.map((n) => ({
        nodeId: n.nodeId,
        sequenceId: n.sequenceId,
        released: n.released,
        ...(n.nodeDescription === undefined ? {} : { nodeDescription: n.nodeDescription }),
        ...(n.nodePosition === undefined ? {} : { nodePosition: n.nodePosition }),
      })),
      edgeStates: v.edgeStates.map((e) => ({
        edgeId: e.edgeId,
        sequenceId: e.sequenceId,
        released: e.released,
        ...(e.edgeDescription === undefined ? {} : { edgeDescription: e.edgeDescription }),
      })),
      agvPosition: {
        x: round3(v.pose.x),
        y: round3(v.pose.y),
        theta: theta3(v.pose.theta),
        mapId: v.pose.mapId,
        positionInitialized: true,
        localizationScore: 1,
      },
      velocity: { vx: round3(v.velocity.vx), vy: round3(v.velocity.vy), omega: round3(v.velocity.omega) },
      loads: [],
      actionStates: v.actionStates,
      batteryState: { batteryCharge: round2(v.battery), charging: v.charging },
      errors: v.errors,
      information: [],
      safetyState: {
        eStop: 'NONE',
        fieldViolation: v.errors.some((e) => e.errorType === 'obstacleDetected'),
      },
    };
    return `${this.header(headerId, timestamp)},${JSON.stringify(body).slice(1)}`;
  }

  factsheet(headerId: number, timestamp: string, body: FactsheetBody): string {
    return `${this.header(headerId, timestamp)},${JSON.stringify(body).slice(1)}`;
  }

  private mapJson(mapId: string): string {
    if (mapId !== this.mapId) {
      this.mapId = mapId;
      this.mapIdJson = JSON.stringify(mapId);
    }
    return this.mapIdJson;
  }
}
