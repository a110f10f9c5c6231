import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LiftDropReason, LiftIngest, type LiftSink } from './lift-ingest.js';

const P = 'lifts/v1';
const AT = 1_800_000_000_000;

function setup() {
  const states: Array<[string, string]> = [];
  const connections: Array<[string, string]> = [];
  const dropped: LiftDropReason[] = [];
  const accepted: string[] = [];
  const sink: LiftSink = {
    applyLiftState: (id, s) => states.push([id, s.currentFloor]),
    applyGatewayConnection: (gw, c) => connections.push([gw, c]),
  };
  const ingest = new LiftIngest(
    {
      hasGateway: (gw) => gw === 'gw-1',
      liftOf: (gw, name) => (gw === 'gw-1' && name === 'A' ? 'lift-a' : undefined),
    },
    sink,
    P,
    { accepted: (k) => accepted.push(k), dropped: (r) => dropped.push(r) },
    { info: () => {}, warn: () => {}, error: () => {} },
  );
  return { ingest, states, connections, dropped, accepted };
}

const state = (over: Record<string, unknown> = {}) => ({
  liftName: 'A',
  availableFloors: ['B1', '0', '1', '12A'],
  currentFloor: '0',
  destinationFloor: null,
  doorState: 'closed',
  motion: 'stopped',
  availableModes: ['human', 'agv'],
  currentMode: 'human',
  sessionId: null,
  timestamp: '2026-11-23T08:00:00.000Z',
  ...over,
});
const send = (ingest: LiftIngest, topic: string, body: unknown) =>
  ingest.handle(topic, Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)), AT);

describe('lift ingest', () => {
  it('takes a valid state and the gateway connection', () => {
    const s = setup();
    send(s.ingest, 'lifts/v1/gw-1/A/state', state({ currentFloor: 'B1' }));
    send(s.ingest, 'lifts/v1/gw-1/connection', {
      connectionState: 'ONLINE',
      timestamp: '2026-11-23T08:00:00Z',
    });
    expect(s.states).toEqual([['lift-a', 'B1']]);
    expect(s.connections).toEqual([['gw-1', 'ONLINE']]);
    expect(s.accepted).toEqual(['state', 'connection']);
    expect(s.dropped).toEqual([]);
  });

  it('keeps floor codes as strings: "0", "B1" and "12A" are floors, a number is not', () => {
    const s = setup();
    send(s.ingest, 'lifts/v1/gw-1/A/state', state({ currentFloor: '12A', destinationFloor: '0' }));
    send(s.ingest, 'lifts/v1/gw-1/A/state', state({ currentFloor: 0 }));
    expect(s.states).toEqual([['lift-a', '12A']]);
    expect(s.dropped).toEqual(['invalid']);
  });

  it('refuses and counts what is not a valid state of a known lift', () => {
    const s = setup();
    send(s.ingest, 'lifts/v1/gw-1/A/order', state());
    send(s.ingest, 'lifts/v1/gw-2/A/state', state());
    send(s.ingest, 'lifts/v1/gw-1/B/state', state({ liftName: 'B' }));
    send(s.ingest, 'lifts/v1/gw-1/A/state', 'x'.repeat(70_000));
    send(s.ingest, 'lifts/v1/gw-1/A/state', '{"liftName":');
    send(s.ingest, 'lifts/v1/gw-1/A/state', state({ liftName: 'A\u0000' }));
    send(s.ingest, 'lifts/v1/gw-1/A/state', state({ doorState: 'ajar' }));
    send(s.ingest, 'lifts/v1/gw-1/A/state', state({ liftName: 'C' }));
    send(s.ingest, 'lifts/v1/gw-1/A/state', state({ currentFloor: '99' }));
    send(s.ingest, 'lifts/v1/gw-1/A/state', state({ destinationFloor: '99' }));
    expect(s.dropped).toEqual([
      'topic',
      'unknown_gateway',
      'unknown_lift',
      'too_large',
      'malformed',
      'malformed',
      'invalid',
      'mismatch',
      'invalid',
      'invalid',
    ]);
    expect(s.states).toEqual([]);
  });

  it('ignores its own requests echoed back and deleted retained messages', () => {
    const s = setup();
    send(s.ingest, 'lifts/v1/gw-1/A/request', { sessionId: 's', requestType: 'endSession' });
    s.ingest.handle('lifts/v1/gw-1/connection', Buffer.alloc(0), AT);
    expect(s.dropped).toEqual([]);
    expect(s.accepted).toEqual([]);
  });

  it('never throws, whatever bytes arrive on a lift topic', () => {
    const s = setup();
    fc.assert(
      fc.property(
        fc.constantFrom('lifts/v1/gw-1/A/state', 'lifts/v1/gw-1/connection', 'lifts/v1/x/y/z'),
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }),
          fc.json().map((j) => new TextEncoder().encode(j)),
        ),
        (topic, bytes) => {
          s.ingest.handle(topic, Buffer.from(bytes), AT);
        },
      ),
      { numRuns: 500 },
    );
  });
});
