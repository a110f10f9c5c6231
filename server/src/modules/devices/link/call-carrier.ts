import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { buildingKey, type FleetOwnership } from '../../../fleet/instances/instance-registry.js';
import type { Call, CallDispatch } from '../calls/call-dispatch.js';
import type { CallRecords } from '../calls/call-records.js';
import { type DeviceCallRow, type DeviceRow, deviceRowsByIds, openCallRows } from '../repo.js';
import { CallMesh, type MeshTransport, type SharedCall } from './call-mesh.js';
import type { DeviceIdentity, DeviceLiveStore } from './device-live-store.js';

/**
 * When the instances change, the one that now carries a building waits this long before it reads the building's
 * open calls: the one that carried them lets go at its own beat (within a second) and writes what it had first.
 */
const TAKE_OVER_AFTER_MS = 1500;

/** A call as written, as the dispatcher holds it (taking it over from another instance). */
const callOfRow = (r: DeviceCallRow): Call => ({
  id: r.id,
  deviceId: r.deviceId,
  buildingId: r.buildingId,
  state: r.state,
  robotId: r.robotId,
  robotName: r.robotName,
  orderId: r.orderId,
  createdAt: r.createdAt.getTime(),
  since: r.updatedAt.getTime(),
  escalated: r.escalated,
  note: r.note,
});

export interface CarrierDeps {
  dispatch: CallDispatch;
  store: DeviceLiveStore;
  records: CallRecords;
  ownership: FleetOwnership;
  reg: Db;
  log: FastifyBaseLogger;
  identityOf(row: DeviceRow): DeviceIdentity;
  /** This instance's /live views follow the device. */
  changed(deviceId: string): void;
}

/**
 * Which calls this instance carries among several sharing the fleet (DEVICES-CALLS-ONE-OWNER), and the calls the
 * others carry: a building's calls are made and carried by the instance that owns the building, so that one
 * dispatcher hands out its robots. Alone (or before it joins the others), every call is this instance's.
 */
export class CallCarrier {
  private mesh: CallMesh | null = null;
  private takingOver: NodeJS.Timeout | null = null;
  private stopFollowing: (() => void) | null = null;

  constructor(private readonly deps: CarrierDeps) {}

  /** Joins the other instances (when the fleet is shared) and takes over the calls of its buildings a moment later. */
  async join(transport: MeshTransport | undefined): Promise<void> {
    const { ownership } = this.deps;
    if (!ownership.shared || !transport) return;
    this.mesh = await CallMesh.start(transport, this.meshHandlers(), this.deps.log);
    this.stopFollowing = ownership.onChange(() => this.rebalance());
    // Not at once: the instance that carried these buildings lets go at its next beat.
    if (ownership.instances.length > 1) this.rebalance();
  }

  /** Whether this instance carries the device's calls (and writes its timeline and facts). */
  owns(deviceId: string): boolean {
    const { ownership } = this.deps;
    if (!ownership.shared) return true;
    const buildingId = this.deps.store.identity(deviceId)?.buildingId;
    return buildingId ? this.ownsBuilding(buildingId) : ownership.owns(`device:${deviceId}`);
  }

  /** The device's open call, carried here or by another instance. */
  openCall(deviceId: string): SharedCall | undefined {
    const call = this.deps.dispatch.openCallOf(deviceId);
    if (call) return this.sharedOf(call);
    return this.mesh?.remoteCall(deviceId);
  }

  /** A press from the console (a test call): its open call or a new one; null when the device cannot call. */
  async press(deviceId: string, detail: Record<string, unknown>): Promise<SharedCall | null> {
    if (!this.mesh || this.owns(deviceId)) return this.pressHere(deviceId, detail);
    return this.mesh.press(deviceId, detail);
  }

  /** Ends the device's open call, wherever it is carried: the call as it ended (null when none was open). */
  async cancel(deviceId: string, why: string): Promise<SharedCall | null> {
    if (!this.mesh || this.owns(deviceId)) return this.cancelHere(deviceId, why);
    return this.mesh.cancel(deviceId, why);
  }

  /** The device's open call changed (or ended): the /live views here follow, and the other instances' too. */
  callChanged(deviceId: string): void {
    this.deps.changed(deviceId);
    if (this.mesh && this.owns(deviceId)) {
      const call = this.deps.dispatch.openCallOf(deviceId);
      this.mesh.share(deviceId, call ? this.sharedOf(call) : null);
    }
  }

  /** Devices registered, edited or placed here: the others read them again. */
  changedDevices(deviceIds: string[]): void {
    this.mesh?.changedDevices(deviceIds);
  }

  /** A device removed here: the others forget it. */
  goneDevice(deviceId: string): void {
    this.mesh?.goneDevice(deviceId);
  }

  async close(): Promise<void> {
    if (this.takingOver) clearTimeout(this.takingOver);
    this.stopFollowing?.();
    await this.mesh?.close();
  }

  private ownsBuilding(buildingId: string): boolean {
    return this.deps.ownership.owns(buildingKey(buildingId));
  }

  private pressHere(deviceId: string, detail: Record<string, unknown>): SharedCall | null {
    const call = this.deps.dispatch.press(deviceId, detail);
    return call ? this.sharedOf(call) : null;
  }

  private cancelHere(deviceId: string, why: string): SharedCall | null {
    const { dispatch } = this.deps;
    const open = dispatch.openCallOf(deviceId);
    if (!open || !dispatch.cancel(deviceId, why)) return null;
    return { call: { ...open }, queuePosition: null, shownPosition: null };
  }

  private sharedOf(call: Call): SharedCall {
    const { dispatch } = this.deps;
    const queuePosition =
      call.state === 'created'
        ? dispatch.queue(call.buildingId).findIndex((c) => c.id === call.id) + 1 || null
        : null;
    return { call: { ...call }, queuePosition, shownPosition: dispatch.shownQueuePosition(call) };
  }

  private meshHandlers() {
    const { dispatch, store, reg, log } = this.deps;
    return {
      owns: (deviceId: string) => this.owns(deviceId),
      press: (deviceId: string, detail: Record<string, unknown>) => this.pressHere(deviceId, detail),
      cancel: (deviceId: string, why: string) => this.cancelHere(deviceId, why),
      changed: (deviceId: string) => this.deps.changed(deviceId),
      showAll: () => {
        for (const call of dispatch.openCalls()) this.callChanged(call.deviceId);
      },
      reload: (deviceIds: string[]) => {
        deviceRowsByIds(reg, deviceIds)
          .then((rows) => {
            for (const row of rows) store.register(this.deps.identityOf(row));
          })
          .catch((err: unknown) => log.warn({ err }, 'devices changed elsewhere not read'));
      },
      gone: (deviceIds: string[]) => {
        for (const id of deviceIds) store.unregister(id);
      },
    };
  }

  /**
   * The instances changed: calls of buildings carried elsewhere now are let go (written first, not ended), and
   * those of buildings carried here now are taken over a moment later, from what was written.
   */
  private rebalance(): void {
    for (const deviceId of this.deps.dispatch.release((b) => this.ownsBuilding(b)))
      this.deps.changed(deviceId);
    void this.deps.records.settled();
    if (this.takingOver) clearTimeout(this.takingOver);
    this.takingOver = setTimeout(() => {
      this.takingOver = null;
      void this.takeOver();
    }, TAKE_OVER_AFTER_MS);
    this.takingOver.unref();
  }

  /** Takes over the open calls of the buildings this instance carries that it does not follow yet. */
  private async takeOver(): Promise<void> {
    const { dispatch, records, reg, log } = this.deps;
    try {
      await records.settled();
      for (const row of await openCallRows(reg)) {
        if (!this.ownsBuilding(row.buildingId) || dispatch.openCallOf(row.deviceId)) continue;
        this.mesh?.forget(row.deviceId);
        dispatch.adopt(callOfRow(row));
        this.callChanged(row.deviceId);
      }
      // What another instance showed of devices carried here is now this instance's to show.
      for (const call of dispatch.openCalls()) this.callChanged(call.deviceId);
    } catch (err) {
      log.error({ err }, 'device calls: the open calls of buildings carried here were not taken over');
    }
  }
}
