import type { MiniDevice } from '@fleet/contract';

const AT = '2026-11-25T10:00:00.000Z';

/** A call button as the API gives it, for tests: online, unplaced, no call. */
export function miniDeviceFixture(patch: Partial<MiniDevice> = {}): MiniDevice {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'CB-1',
    label: 'Table 1',
    type: 'callButton',
    model: 'CB',
    firmware: null,
    companyId: '00000000-0000-4000-8000-00000000000c',
    buildingId: null,
    buildingName: null,
    floorId: null,
    floorName: null,
    point: null,
    allowedRobotIds: [],
    allowedModels: [],
    minBattery: 20,
    heartbeatS: 60,
    hasCredentials: true,
    live: { online: true, battery: 80, rssi: -60, lastSeenAt: AT },
    openCall: null,
    createdAt: AT,
    updatedAt: AT,
    ...patch,
  };
}
