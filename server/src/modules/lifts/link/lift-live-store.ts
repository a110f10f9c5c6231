import {
  type GatewayConnection,
  LIFT_ALARM_MODES,
  type LiftBlock,
  type LiftReport,
  type LiftState,
  type LiveLift,
} from '@fleet/contract';
import type { LiftDirectory, LiftSink } from './lift-ingest.js';

/** A gateway sends each lift's state at least once a second: three missed states and the lift is stale. */
export const LIFT_STALE_AFTER_MS = 3000;

/** A registered lift as the link knows it. */
export interface LiftIdentity {
  id: string;
  companyId: string;
  bankId: string;
  buildingId: string;
  name: string;
  gatewayId: string;
  /** The lift's name at its gateway (a topic level). */
  liftName: string;
  enabledForRobots: boolean;
  outOfService: boolean;
}

interface Entry {
  identity: LiftIdentity;
  report: LiftReport | null;
  reportedAt: number | null;
  stale: boolean;
}

export type LiftChangeListener = (lift: LiftIdentity) => void;

/** Why a lift takes no robot now, the most basic reason first; null when it may. */
export function blockOf(
  e: { identity: LiftIdentity; report: LiftReport | null; stale: boolean },
  gatewayOnline: boolean | null,
): LiftBlock | null {
  if (gatewayOnline === false) return 'gatewayOffline';
  if (!e.report) return 'noState';
  if (e.stale) return 'stale';
  const mode = e.report.currentMode;
  if ((LIFT_ALARM_MODES as readonly string[]).includes(mode)) return mode as LiftBlock;
  if (e.identity.outOfService) return 'outOfService';
  if (!e.identity.enabledForRobots) return 'notEnabled';
  return null;
}

const reportOf = (s: LiftState): LiftReport => ({
  availableFloors: s.availableFloors,
  currentFloor: s.currentFloor,
  destinationFloor: s.destinationFloor,
  doorState: s.doorState,
  motion: s.motion,
  availableModes: s.availableModes,
  currentMode: s.currentMode,
  sessionId: s.sessionId,
});

const sameReport = (a: LiftReport | null, b: LiftReport) =>
  a !== null &&
  a.currentFloor === b.currentFloor &&
  a.destinationFloor === b.destinationFloor &&
  a.doorState === b.doorState &&
  a.motion === b.motion &&
  a.currentMode === b.currentMode &&
  a.sessionId === b.sessionId &&
  a.availableFloors.join('\u0001') === b.availableFloors.join('\u0001') &&
  a.availableModes.join() === b.availableModes.join();

/**
 * The latest state of every lift of this region and of the gateways that report them. Listeners hear of a lift
 * whenever anything a browser shows of it changed (not for a repeated identical state, which only keeps it fresh).
 */
export class LiftLiveStore implements LiftDirectory, LiftSink {
  private readonly entries = new Map<string, Entry>();
  private readonly byTopic = new Map<string, string>();
  /** Registered gateways, with their connection line (null before they said anything). */
  private readonly gateways = new Map<string, boolean | null>();
  private readonly listeners = new Set<LiftChangeListener>();

  registerGateway(gatewayId: string): void {
    if (!this.gateways.has(gatewayId)) this.gateways.set(gatewayId, null);
  }

  unregisterGateway(gatewayId: string): void {
    this.gateways.delete(gatewayId);
    for (const e of this.entries.values())
      if (e.identity.gatewayId === gatewayId) this.unregister(e.identity.id);
  }

  /** Adds a lift, or takes its edited registration (its live state is kept when its gateway and name stay). */
  register(identity: LiftIdentity): void {
    this.registerGateway(identity.gatewayId);
    const existing = this.entries.get(identity.id);
    if (existing) {
      this.byTopic.delete(topicKey(existing.identity.gatewayId, existing.identity.liftName));
      const moved =
        existing.identity.gatewayId !== identity.gatewayId ||
        existing.identity.liftName !== identity.liftName;
      existing.identity = identity;
      if (moved) Object.assign(existing, { report: null, reportedAt: null, stale: false });
    } else {
      this.entries.set(identity.id, { identity, report: null, reportedAt: null, stale: false });
    }
    this.byTopic.set(topicKey(identity.gatewayId, identity.liftName), identity.id);
    this.emit(identity);
  }

  unregister(liftId: string): void {
    const e = this.entries.get(liftId);
    if (!e) return;
    this.entries.delete(liftId);
    this.byTopic.delete(topicKey(e.identity.gatewayId, e.identity.liftName));
    this.emit(e.identity);
  }

  /** Forgets the lifts and gateways not among these (the registrations read again whole). */
  forgetAllBut(liftIds: ReadonlySet<string>, gatewayIds: ReadonlySet<string>): void {
    for (const id of [...this.entries.keys()]) if (!liftIds.has(id)) this.unregister(id);
    for (const id of [...this.gateways.keys()]) if (!gatewayIds.has(id)) this.unregisterGateway(id);
  }

  /** The gateway's connection line: true online, false broken or offline, null before it said anything. */
  gatewayOnline(gatewayId: string): boolean | null {
    return this.gateways.get(gatewayId) ?? null;
  }

  /** Every lift kept. */
  liftIds(): string[] {
    return [...this.entries.keys()];
  }

  /** The lifts of a building (to forget them when the building goes). */
  liftsOfBuilding(buildingId: string): string[] {
    return [...this.entries.values()]
      .filter((e) => e.identity.buildingId === buildingId)
      .map((e) => e.identity.id);
  }

  hasGateway(gatewayId: string): boolean {
    return this.gateways.has(gatewayId);
  }

  liftOf(gatewayId: string, liftName: string): string | undefined {
    return this.byTopic.get(topicKey(gatewayId, liftName));
  }

  identity(liftId: string): LiftIdentity | undefined {
    return this.entries.get(liftId)?.identity;
  }

  onChange(listener: LiftChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  applyLiftState(liftId: string, state: LiftState, at: number): void {
    const e = this.entries.get(liftId);
    if (!e) return;
    const report = reportOf(state);
    const changed = e.stale || !sameReport(e.report, report);
    e.report = report;
    e.reportedAt = at;
    e.stale = false;
    if (changed) this.emit(e.identity);
  }

  applyGatewayConnection(
    gatewayId: string,
    connection: GatewayConnection['connectionState'],
    _at: number,
  ): void {
    if (!this.gateways.has(gatewayId)) return;
    const online = connection === 'ONLINE';
    if (this.gateways.get(gatewayId) === online) return;
    this.gateways.set(gatewayId, online);
    for (const e of this.entries.values()) if (e.identity.gatewayId === gatewayId) this.emit(e.identity);
  }

  /** Marks lifts whose gateway stopped reporting them; run every second. */
  sweepStale(now: number): void {
    for (const e of this.entries.values()) {
      if (e.stale || e.reportedAt === null || now - e.reportedAt <= LIFT_STALE_AFTER_MS) continue;
      e.stale = true;
      this.emit(e.identity);
    }
  }

  /** Each lift with its company and when its last state arrived (null before the first). */
  *reportTimes(): Iterable<[liftId: string, companyId: string, reportedAt: number | null]> {
    for (const [id, e] of this.entries) yield [id, e.identity.companyId, e.reportedAt];
  }

  /** Why the lift takes no robot now, or null; `noState` for a lift this store does not know. */
  blocked(liftId: string): LiftBlock | null {
    const e = this.entries.get(liftId);
    if (!e) return 'noState';
    return blockOf(e, this.gateways.get(e.identity.gatewayId) ?? null);
  }

  get(liftId: string): LiveLift | undefined {
    const e = this.entries.get(liftId);
    return e && this.toDto(e);
  }

  /** The company's lifts, optionally of one building. */
  list(companyId: string, buildingId?: string): LiveLift[] {
    const out: LiveLift[] = [];
    for (const e of this.entries.values()) {
      if (e.identity.companyId !== companyId) continue;
      if (buildingId && e.identity.buildingId !== buildingId) continue;
      out.push(this.toDto(e));
    }
    return out;
  }

  private toDto(e: Entry): LiveLift {
    const gatewayOnline = this.gateways.get(e.identity.gatewayId) ?? null;
    const { id, bankId, buildingId, name, gatewayId, enabledForRobots, outOfService } = e.identity;
    return {
      id,
      bankId,
      buildingId,
      name,
      gatewayId,
      gatewayOnline,
      report: e.report,
      reportedAt: e.reportedAt === null ? null : new Date(e.reportedAt).toISOString(),
      stale: e.stale,
      enabledForRobots,
      outOfService,
      blocked: blockOf(e, gatewayOnline),
    };
  }

  private emit(identity: LiftIdentity): void {
    for (const l of this.listeners) l(identity);
  }
}

const topicKey = (gatewayId: string, liftName: string) => `${gatewayId}/${liftName}`;
