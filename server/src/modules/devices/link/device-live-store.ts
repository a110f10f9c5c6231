import type { DeviceLive, DeviceType, MapPoint } from '@fleet/contract';

/** A heartbeat missed this many times in a row and the device is offline. */
export const MISSED_HEARTBEATS = 3;

/** A registered device as the link knows it: what the dispatcher and the ingest need, without a query. */
export interface DeviceIdentity {
  id: string;
  companyId: string;
  name: string;
  label: string;
  type: DeviceType;
  buildingId: string | null;
  floorId: string | null;
  point: MapPoint | null;
  allowedRobotIds: readonly string[];
  allowedModels: readonly string[];
  minBattery: number;
  heartbeatS: number;
}

/** What the device said last; written to the database every few seconds. */
export interface DeviceFacts {
  online: boolean;
  battery: number | null;
  rssi: number | null;
  firmware: string | null;
  lastSeenAt: number | null;
}

interface Entry {
  identity: DeviceIdentity;
  facts: DeviceFacts;
  /** The latest event ids, so a message sent twice (QoS 1) counts once. */
  seen: string[];
}

const SEEN_KEPT = 32;

/** `online`/`offline` transitions; the link records them on the device's timeline. */
export type OnlineListener = (device: DeviceIdentity, online: boolean, why: string) => void;

/**
 * Every registered device of this region with its live facts. A device is online once it says so (connection or
 * heartbeat) and offline when it says so, when its connection breaks, or after MISSED_HEARTBEATS heartbeats missed.
 */
export class DeviceLiveStore {
  private readonly entries = new Map<string, Entry>();
  private readonly idByName = new Map<string, string>();
  private readonly dirty = new Set<string>();
  private readonly listeners = new Set<OnlineListener>();
  private readonly changeListeners = new Set<(deviceId: string) => void>();

  register(identity: DeviceIdentity, facts?: DeviceFacts): void {
    const old = this.entries.get(identity.id);
    if (old && old.identity.name !== identity.name) this.idByName.delete(old.identity.name);
    this.entries.set(identity.id, {
      identity,
      facts: old?.facts ??
        facts ?? { online: false, battery: null, rssi: null, firmware: null, lastSeenAt: null },
      seen: old?.seen ?? [],
    });
    this.idByName.set(identity.name, identity.id);
    this.changed(identity.id);
  }

  unregister(deviceId: string): void {
    const e = this.entries.get(deviceId);
    if (!e) return;
    this.entries.delete(deviceId);
    this.idByName.delete(e.identity.name);
    this.dirty.delete(deviceId);
    this.changed(deviceId);
  }

  deviceIdOf(name: string): string | undefined {
    return this.idByName.get(name);
  }

  identity(deviceId: string): DeviceIdentity | undefined {
    return this.entries.get(deviceId)?.identity;
  }

  facts(deviceId: string): Readonly<DeviceFacts> | undefined {
    return this.entries.get(deviceId)?.facts;
  }

  live(deviceId: string): DeviceLive {
    const f = this.entries.get(deviceId)?.facts;
    return {
      online: f?.online ?? false,
      battery: f?.battery ?? null,
      rssi: f?.rssi ?? null,
      lastSeenAt: f?.lastSeenAt ? new Date(f.lastSeenAt).toISOString() : null,
    };
  }

  /** The company's devices. */
  *idsOf(companyId: string): Iterable<string> {
    for (const [id, e] of this.entries) if (e.identity.companyId === companyId) yield id;
  }

  /** Devices of one kind in a building (staff pagers to alert). */
  inBuilding(buildingId: string, types: readonly DeviceType[]): DeviceIdentity[] {
    const out: DeviceIdentity[] = [];
    for (const e of this.entries.values())
      if (e.identity.buildingId === buildingId && types.includes(e.identity.type)) out.push(e.identity);
    return out;
  }

  onOnline(listener: OnlineListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears of a device whenever its live facts changed, it was registered again or removed (/live follows). */
  onChange(listener: (deviceId: string) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** The device said it connected or went away (its retained connection, or its last will). */
  connection(deviceId: string, state: 'ONLINE' | 'OFFLINE' | 'CONNECTIONBROKEN', at: number): void {
    const e = this.entries.get(deviceId);
    if (!e) return;
    if (state === 'ONLINE') {
      e.facts.lastSeenAt = at;
      this.setOnline(e, true, 'connected');
    } else this.setOnline(e, false, state === 'OFFLINE' ? 'disconnected' : 'connection broken');
    this.dirty.add(deviceId);
    this.changed(deviceId);
  }

  heartbeat(
    deviceId: string,
    beat: { battery: number | null; rssi: number | null; firmware?: string | undefined },
    at: number,
  ): void {
    const e = this.entries.get(deviceId);
    if (!e) return;
    e.facts.battery = beat.battery === null ? null : Math.round(beat.battery);
    e.facts.rssi = beat.rssi;
    if (beat.firmware !== undefined) e.facts.firmware = beat.firmware;
    e.facts.lastSeenAt = at;
    this.setOnline(e, true, 'heartbeat');
    this.dirty.add(deviceId);
    this.changed(deviceId);
  }

  /** True the first time an event id is seen for this device, false for a repeat. */
  firstSight(deviceId: string, eventId: string, at: number): boolean {
    const e = this.entries.get(deviceId);
    if (!e) return false;
    e.facts.lastSeenAt = at;
    this.dirty.add(deviceId);
    this.changed(deviceId);
    if (e.seen.includes(eventId)) return false;
    e.seen.push(eventId);
    if (e.seen.length > SEEN_KEPT) e.seen.shift();
    // A device that presses is alive, whatever its last heartbeat.
    this.setOnline(e, true, 'event');
    return true;
  }

  /** Devices whose heartbeats stopped: offline after MISSED_HEARTBEATS intervals without a word. */
  sweep(now: number): void {
    for (const e of this.entries.values()) {
      if (!e.facts.online) continue;
      const silentMs = now - (e.facts.lastSeenAt ?? 0);
      if (silentMs > MISSED_HEARTBEATS * e.identity.heartbeatS * 1000) {
        this.setOnline(e, false, `${MISSED_HEARTBEATS} heartbeats missed`);
        this.dirty.add(e.identity.id);
        this.changed(e.identity.id);
      }
    }
  }

  /** The devices whose facts changed since the last call, with those facts. */
  takeDirty(): Array<{ id: string; facts: DeviceFacts }> {
    const out: Array<{ id: string; facts: DeviceFacts }> = [];
    for (const id of this.dirty) {
      const e = this.entries.get(id);
      if (e) out.push({ id, facts: { ...e.facts } });
    }
    this.dirty.clear();
    return out;
  }

  get size(): number {
    return this.entries.size;
  }

  private changed(deviceId: string): void {
    for (const l of this.changeListeners) l(deviceId);
  }

  private setOnline(e: Entry, online: boolean, why: string): void {
    if (e.facts.online === online) return;
    e.facts.online = online;
    for (const l of this.listeners) l(e.identity, online, why);
  }
}
