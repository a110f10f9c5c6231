import type { DeviceLiveView, LiveServerMessage, MiniDevice } from '@fleet/contract';
import { StreamStore } from './stream-store';

/** The device with its live part as pushed, when one was; as the API gave it otherwise. */
export function overlay(device: MiniDevice, views: ReadonlyMap<string, DeviceLiveView>): MiniDevice {
  const v = views.get(device.id);
  return v ? { ...device, live: v.live, openCall: v.openCall } : device;
}

/**
 * The live part of the company's mini devices as /live pushes it (online, battery, signal, last seen, open call).
 * The rest of a device — its name, place, policy — comes from the API; `overlay` lays the live part over it.
 */
export class DeviceStore extends StreamStore {
  private readonly views = new Map<string, DeviceLiveView>();
  private snapshotCache: ReadonlyMap<string, DeviceLiveView> | null = null;

  get(id: string): DeviceLiveView | undefined {
    return this.views.get(id);
  }

  /** Every device's live part, the same map until the next change (safe as a React external-store snapshot). */
  snapshot(): ReadonlyMap<string, DeviceLiveView> {
    this.snapshotCache ??= new Map(this.views);
    return this.snapshotCache;
  }

  protected take(message: LiveServerMessage): 'snapshot' | 'changes' | false {
    switch (message.type) {
      case 'deviceSnapshot':
        this.views.clear();
        for (const d of message.devices) this.views.set(d.id, d);
        return 'snapshot';
      case 'deviceChanges':
        for (const d of message.devices) this.views.set(d.id, d);
        for (const id of message.removed) this.views.delete(id);
        return 'changes';
      default:
        return false;
    }
  }

  protected changed(): void {
    this.snapshotCache = null;
  }
}
