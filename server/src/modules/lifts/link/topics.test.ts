import { describe, expect, it } from 'vitest';
import { gatewayUsername, liftRequestTopic, liftStateTopic, parseLiftTopic } from './topics.js';

const P = 'lifts/v1';

describe('lift topics', () => {
  it('reads a lift state, a request and the gateway connection', () => {
    expect(parseLiftTopic(P, 'lifts/v1/gw-1/car-A/state')).toEqual({
      kind: 'state',
      gatewayId: 'gw-1',
      liftName: 'car-A',
    });
    expect(parseLiftTopic(P, liftRequestTopic(P, 'gw-1', 'L2'))).toEqual({
      kind: 'request',
      gatewayId: 'gw-1',
      liftName: 'L2',
    });
    expect(parseLiftTopic(P, 'lifts/v1/gw-1/connection')).toEqual({ kind: 'connection', gatewayId: 'gw-1' });
  });

  it('refuses other prefixes, kinds, depths, empty levels and wildcards', () => {
    for (const t of [
      'uagv/v2/acme/r1/state',
      'lifts/v1/gw-1/car-A/order',
      'lifts/v1/gw-1/car-A/state/extra',
      'lifts/v1/gw-1',
      'lifts/v1//car-A/state',
      'lifts/v1/gw-1/+/state',
      'lifts/v1/gw 1/car/state',
      'lifts/v1/gw-1/state',
    ])
      expect(parseLiftTopic(P, t), t).toBeNull();
  });

  it('names a gateway by the topic root it owns', () => {
    expect(gatewayUsername(P, 'gw-1')).toBe('lifts/v1/gw-1');
    expect(liftStateTopic(P, 'gw-1', 'A').startsWith(`${gatewayUsername(P, 'gw-1')}/`)).toBe(true);
  });
});
