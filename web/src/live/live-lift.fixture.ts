import type { LiftLiveView } from '@fleet/contract';

/** A lift as /elevator receives it, for tests: free, enabled, not yet reporting; ids need not be uuids here. */
export function liveLiftFixture(patch: Partial<LiftLiveView> = {}): LiftLiveView {
  return {
    id: 'l',
    bankId: 'b1',
    buildingId: 'x',
    name: 'A',
    gatewayId: 'g',
    gatewayOnline: true,
    report: null,
    reportedAt: null,
    stale: false,
    enabledForRobots: true,
    outOfService: false,
    blocked: null,
    holder: null,
    waiting: [],
    ...patch,
  };
}
