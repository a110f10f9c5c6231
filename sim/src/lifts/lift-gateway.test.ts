import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Recorder, startBroker, type TestBroker } from '../test-support/broker.js';
import { type GatewayEvent, SimLiftGateway } from './lift-gateway.js';
import { SimLift } from './sim-lift.js';

let broker: TestBroker;
let recorder: Recorder;
let gateway: SimLiftGateway;
const events: GatewayEvent[] = [];

beforeEach(async () => {
  broker = await startBroker();
  recorder = await Recorder.connect(broker.url, 'lifts/v1/#');
  events.length = 0;
  gateway = new SimLiftGateway({
    url: broker.url,
    gatewayId: 'tower',
    password: 'secret',
    lifts: [new SimLift('A', ['L', '12'], { floorTravelS: 0.2, doorS: 0.1, humanDwellS: 1 })],
    stateIntervalMs: 200,
    tickMs: 20,
    onEvent: (e) => events.push(e),
  });
  await gateway.start();
});
afterEach(async () => {
  await gateway.stop();
  await recorder.close();
  await broker.close();
});

describe('simulated lift gateway', () => {
  it('logs in as its topic root, says ONLINE (retained) and reports each lift', async () => {
    expect(broker.logins).toContain('lifts/v1/tower:secret');
    await recorder.waitFor(
      (m) =>
        m.topic === 'lifts/v1/tower/connection' &&
        (m.json as { connectionState: string }).connectionState === 'ONLINE',
      'ONLINE',
    );
    const s = await recorder.waitFor((m) => m.topic === 'lifts/v1/tower/A/state', 'a state');
    expect(s.json).toMatchObject({ liftName: 'A', availableFloors: ['L', '12'], currentFloor: 'L' });
  });

  it('answers a request with the states that follow, and refuses what it cannot read', async () => {
    const request = (body: unknown, lift = 'A') =>
      recorder.client.publishAsync(`lifts/v1/tower/${lift}/request`, JSON.stringify(body), { qos: 1 });
    await request({
      sessionId: 's1',
      requestType: 'agvMode',
      destinationFloor: '12',
      doorState: 'open',
      timestamp: new Date().toISOString(),
    });
    await recorder.waitFor((m) => {
      const j = m.json as { currentFloor?: string; doorState?: string; sessionId?: string };
      return (
        m.topic.endsWith('/A/state') &&
        j.currentFloor === '12' &&
        j.doorState === 'open' &&
        j.sessionId === 's1'
      );
    }, 'the car open at 12 for s1');
    await request({ sessionId: 's1', requestType: 'teleport' });
    await request({ sessionId: 's1', requestType: 'endSession', timestamp: new Date().toISOString() }, 'Z');
    await recorder.waitFor(() => events.filter((e) => e.type === 'refused').length === 2, 'two refusals');
    expect(
      events
        .filter((e) => e.type === 'refused')
        .map((e) => (e as { reason: string }).reason)
        .sort(),
    ).toEqual(['malformed', 'unknownLift']);
  });

  it('leaves CONNECTIONBROKEN as its last will when its connection is cut', async () => {
    await recorder.waitFor((m) => m.topic === 'lifts/v1/tower/A/state', 'a state');
    broker.cut('lift-gateway-tower');
    await recorder.waitFor(
      (m) =>
        m.topic === 'lifts/v1/tower/connection' &&
        (m.json as { connectionState: string }).connectionState === 'CONNECTIONBROKEN',
      'the last will',
    );
  });
});
