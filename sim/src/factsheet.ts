import { AUDIO_FACTSHEET_ACTIONS } from './audio/factsheet-actions.js';
import type { FactsheetMessage } from './messages.js';
import { SUPPORTED_INSTANT_ACTIONS, type VehicleParams } from './vehicle/index.js';

export type FactsheetBody = Omit<
  FactsheetMessage,
  'headerId' | 'timestamp' | 'version' | 'manufacturer' | 'serialNumber'
>;

/** What the simulated robot tells a master control about itself: a small indoor service robot. */
export function buildFactsheet(
  params: VehicleParams,
  timing: { stateMs: number; visualizationMs: number },
): FactsheetBody {
  return {
    typeSpecification: {
      seriesName: 'FleetSim S1',
      seriesDescription: 'Simulated indoor service robot',
      agvKinematic: 'DIFF',
      agvClass: 'CARRIER',
      maxLoadMass: 30,
      localizationTypes: ['NATURAL'],
      navigationTypes: ['AUTONOMOUS'],
    },
    physicalParameters: {
      speedMin: 0,
      speedMax: params.speed,
      accelerationMax: 0.5,
      decelerationMax: 0.8,
      heightMin: 0.6,
      heightMax: 1.2,
      width: 0.5,
      length: 0.6,
    },
    protocolLimits: {
      maxStringLens: { msgLen: 262_144, idLen: 64 },
      maxArrayLens: { 'order.nodes': 100, 'order.edges': 99 },
      timing: {
        minOrderInterval: 0.1,
        minStateInterval: 0.1,
        defaultStateInterval: timing.stateMs / 1000,
        visualizationInterval: timing.visualizationMs / 1000,
      },
    },
    protocolFeatures: {
      optionalParameters: [
        {
          parameter: 'order.nodes.nodePosition',
          support: 'REQUIRED',
          description: 'nodes are driven to by position',
        },
        { parameter: 'order.edges.maxSpeed', support: 'SUPPORTED' },
      ],
      agvActions: [
        ...SUPPORTED_INSTANT_ACTIONS.map((actionType) => ({
          actionType,
          actionScopes: ['INSTANT' as const],
        })),
        ...AUDIO_FACTSHEET_ACTIONS,
      ],
    },
    agvGeometry: {
      envelopes2d: [
        {
          set: 'default',
          polygonPoints: [
            { x: 0.3, y: 0.25 },
            { x: -0.3, y: 0.25 },
            { x: -0.3, y: -0.25 },
            { x: 0.3, y: -0.25 },
          ],
        },
      ],
    },
    loadSpecification: { loadPositions: [] },
  };
}
