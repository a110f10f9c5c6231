import type { DeviceLiveView, MiniDevice } from '@fleet/contract';
import { describe, expect, it, vi } from 'vitest';
import { DeviceStore, overlay } from './device-store';
import { miniDeviceFixture } from './mini-device.fixture';

const at = '2026-11-25T10:00:00.000Z';
const ID = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

const view = (id: string, patch: Partial<DeviceLiveView> = {}): DeviceLiveView => ({
  id,
  live: { online: true, battery: 80, rssi: -60, lastSeenAt: at },
  openCall: null,
  ...patch,
});

/** A device as the API gave it a while ago: offline, no call. */
const fromApi = (id: string): MiniDevice =>
  miniDeviceFixture({ id, live: { online: false, battery: null, rssi: null, lastSeenAt: null } });

describe('DeviceStore (DEVICES-LIVE)', () => {
  it('lays the pushed live state and open call over the device the API gave, as each change comes', () => {
    const store = new DeviceStore();
    const heard = vi.fn();
    store.subscribe(heard);
    expect(overlay(fromApi(ID), store.snapshot()).live.online).toBe(false);

    store.receive({ type: 'deviceSnapshot', devices: [view(ID)], at });
    expect(store.ready).toBe(true);
    expect(overlay(fromApi(ID), store.snapshot())).toMatchObject({
      label: 'Table 1',
      live: { online: true, battery: 80 },
    });
    // A device the stream has not told of is shown as the API gave it.
    expect(overlay(fromApi(OTHER), store.snapshot()).live.online).toBe(false);

    const before = store.snapshot();
    expect(store.snapshot()).toBe(before);
    const openCall = {
      id: '00000000-0000-4000-8000-0000000000ca',
      state: 'assigned' as const,
      robotName: 'Runner 2',
      queuePosition: null,
      createdAt: at,
    };
    store.receive({ type: 'deviceChanges', devices: [view(ID, { openCall })], removed: [], at });
    expect(store.snapshot()).not.toBe(before);
    expect(overlay(fromApi(ID), store.snapshot()).openCall).toEqual(openCall);

    store.receive({ type: 'deviceChanges', devices: [], removed: [ID], at });
    expect(store.get(ID)).toBeUndefined();
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('says so when the account may not read devices, and ignores other streams', () => {
    const store = new DeviceStore();
    store.receive({ type: 'liftSnapshot', lifts: [], at });
    expect(store.ready).toBe(false);
    store.receive({ type: 'error', code: 'FORBIDDEN', info: 'following devices needs devices.read' });
    expect(store).toMatchObject({ ready: true, forbidden: true });
  });
});
