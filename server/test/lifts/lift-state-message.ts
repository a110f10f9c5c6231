/**
 * A lift's `state` as a gateway publishes it (docs/protocols.md, "The lift link"): lift "A" of the walk fixture's
 * bank, standing at "0" with its doors closed in passenger mode, with `over` changing any field.
 */
export const liftState = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    liftName: 'A',
    availableFloors: ['0', 'S'],
    currentFloor: '0',
    destinationFloor: null,
    doorState: 'closed',
    motion: 'stopped',
    availableModes: ['human', 'agv'],
    currentMode: 'human',
    sessionId: null,
    timestamp: new Date().toISOString(),
    ...over,
  });
