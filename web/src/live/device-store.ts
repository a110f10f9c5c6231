import type { DeviceLiveView, LiveServerMessage, MiniDevice } from '@fleet/contract';

/** The device with its live part as pushed, when one was; as the API gave it otherwise. */
export function overlay(device: MiniDevice, views: ReadonlyMap<string, DeviceLiveView>): MiniDevice {
  const v = views.get(device.id);
  return v ? { ...device, live: v.live, openCall: v.openCall } : device;
}

type Listener = () => void;

/**
 * The live part of the company's mini devices as /live pushes it (online, battery, signal, last seen, open call),
 * kept outside React like the robots and lifts (STYLE.md, "Live data in React"). The rest of a device — its name,
 * place, policy — comes from the API; `overlay` lays the live part over it.
 */
export class DeviceStore {
  private readonly views = new Map<string, DeviceLiveView>();
  private readonly listeners = new Set<Listener>();
  private snapshotCache: ReadonlyMap<string, DeviceLiveView> | null = null;
  private _ready = false;
  private _forbidden = false;

  /** The first snapshot has arrived. */
  get ready(): boolean {
    return this._ready;
  }

  /** The server refused to send devices: the account may not read them. */
  get forbidden(): boolean {
    return this._forbidden;
  }

  receive(message: LiveServerMessage): void {
    switch (message.type) {
      case 'deviceSnapshot':
        this.views.clear();
        for (const d of message.devices) this.views.set(d.id, d);
        this._ready = true;
        this._forbidden = false;
        break;
      case 'deviceChanges':
        for (const d of message.devices) this.views.set(d.id, d);
        for (const id of message.removed) this.views.delete(id);
        break;
      case 'error':
        if (message.code !== 'FORBIDDEN') return;
        this._forbidden = true;
        this._ready = true;
        break;
      default:
        return;
    }
    this.snapshotCache = null;
    for (const l of this.listeners) l();
  }

  get(id: string): DeviceLiveView | undefined {
    return this.views.get(id);
  }

  /** Every device's live part, the same map until the next change (safe as a React external-store snapshot). */
  snapshot(): ReadonlyMap<string, DeviceLiveView> {
    this.snapshotCache ??= new Map(this.views);
    return this.snapshotCache;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
