import type { LiftDoorState, LiftMode, LiftMotion, LiftRequest, LiftState } from '@fleet/contract/lifts-link';

export interface SimLiftParams {
  /** Seconds to travel from one floor to the next. */
  floorTravelS: number;
  /** Seconds for the doors to open or to close. */
  doorS: number;
  /** In human mode, seconds the doors stay open at a stop. */
  humanDwellS: number;
}

export const defaultLiftParams: SimLiftParams = { floorTravelS: 2, doorS: 2, humanDwellS: 4 };

type Door = 'closed' | 'opening' | 'open' | 'closing';

/**
 * One simulated lift car, as a gateway would report it: it travels between its floors at a fixed speed, opens
 * and closes its doors, and serves one session at a time in `agv` mode. Everything happens in `step`, so tests
 * drive it with exact times.
 */
export class SimLift {
  readonly floors: readonly string[];
  /** Where the car is, as a floor index (fractions while travelling). */
  private position: number;
  private target: number | null = null;
  /** The doors once the car reaches its target (agv mode), or after a stop (human mode). */
  private doorsWanted: 'open' | 'closed' = 'closed';
  private door: Door = 'closed';
  /** Seconds spent in the current door movement or, in human mode, open at a stop. */
  private doorTimer = 0;
  private mode: LiftMode = 'human';
  private sessionId: string | null = null;
  private changed = true;

  constructor(
    readonly name: string,
    floors: readonly string[],
    readonly params: SimLiftParams = defaultLiftParams,
    startFloor = floors[0],
  ) {
    if (floors.length === 0) throw new Error(`lift ${name} serves no floor`);
    this.floors = floors;
    this.position = Math.max(0, floors.indexOf(startFloor ?? ''));
  }

  /** What the gateway publishes for this lift. */
  state(now: number): LiftState {
    return {
      liftName: this.name,
      availableFloors: [...this.floors],
      currentFloor: this.floors[this.shownFloor()] as string,
      destinationFloor: this.target === null ? null : (this.floors[this.target] as string),
      doorState: this.doorState(),
      motion: this.motion(),
      availableModes: ['human', 'agv'],
      currentMode: this.mode,
      sessionId: this.sessionId,
      timestamp: new Date(now).toISOString(),
    };
  }

  /** True once since the last call when anything a state reports changed. */
  takeChanged(): boolean {
    const c = this.changed;
    this.changed = false;
    return c;
  }

  /**
   * A request from the console. Refused (nothing changes, the next state says why) in an alarm mode, while
   * another session holds the car, or for a floor the lift does not serve.
   */
  request(r: LiftRequest): boolean {
    if (this.mode === 'fire' || this.mode === 'emergency' || this.mode === 'offline') return false;
    if (r.requestType === 'endSession') {
      if (this.sessionId !== r.sessionId) return false;
      this.sessionId = null;
      this.mode = 'human';
      this.doorsWanted = 'closed';
      this.changed = true;
      return true;
    }
    if (r.requestType === 'humanMode') {
      if (this.sessionId !== null && this.sessionId !== r.sessionId) return false;
      this.sessionId = null;
      this.mode = 'human';
      this.changed = true;
      return true;
    }
    if (this.sessionId !== null && this.sessionId !== r.sessionId) return false;
    const to = r.destinationFloor === undefined ? this.here() : this.floors.indexOf(r.destinationFloor);
    if (to < 0) return false;
    this.mode = 'agv';
    this.sessionId = r.sessionId;
    this.doorsWanted = r.doorState ?? 'closed';
    this.target = to === this.position ? null : to;
    this.changed = true;
    return true;
  }

  /** A building alarm (fire, emergency) or the lift out of order; `human` ends it. Drops any session. */
  setMode(mode: LiftMode): void {
    this.mode = mode;
    if (mode !== 'agv') this.sessionId = null;
    if (mode === 'fire' || mode === 'emergency') {
      // Fire service: the car returns to its first floor and opens there.
      this.target = this.here() === 0 && this.target === null ? null : 0;
      this.doorsWanted = 'open';
    }
    this.changed = true;
  }

  /** In human mode: a passenger called the car to a floor. */
  call(floor: string): void {
    const i = this.floors.indexOf(floor);
    if (this.mode !== 'human' || i < 0 || i === this.target) return;
    this.target = i === this.position ? null : i;
    this.doorsWanted = 'open';
    this.changed = true;
  }

  step(dtS: number): void {
    const before = this.snapshot();
    let left = dtS;
    while (left > 1e-9) left = this.advance(left);
    if (this.snapshot() !== before) this.changed = true;
  }

  private advance(dtS: number): number {
    // Doors first: a car never moves with its doors anything but closed.
    if (this.door === 'opening' || this.door === 'closing') {
      const need = this.params.doorS - this.doorTimer;
      if (dtS < need) {
        this.doorTimer += dtS;
        return 0;
      }
      this.door = this.door === 'opening' ? 'open' : 'closed';
      this.doorTimer = 0;
      return dtS - need;
    }
    if (this.target !== null) {
      if (this.door === 'open') return this.moveDoors('closing', dtS);
      const dir = Math.sign(this.target - this.position);
      const distance = Math.abs(this.target - this.position);
      const travel = dtS / this.params.floorTravelS;
      if (travel < distance) {
        this.position += dir * travel;
        return 0;
      }
      this.position = this.target;
      this.target = null;
      return dtS - distance * this.params.floorTravelS;
    }
    if (this.doorsWanted === 'open' && this.door === 'closed') return this.moveDoors('opening', dtS);
    if (this.doorsWanted === 'closed' && this.door === 'open') return this.moveDoors('closing', dtS);
    if (this.mode === 'human' && this.door === 'open') {
      // A stop in human mode: the doors close by themselves after the dwell.
      this.doorTimer += dtS;
      if (this.doorTimer >= this.params.humanDwellS) {
        this.doorsWanted = 'closed';
        this.doorTimer = 0;
      }
    }
    return 0;
  }

  private moveDoors(to: 'opening' | 'closing', dtS: number): number {
    this.door = to;
    this.doorTimer = 0;
    return dtS;
  }

  /** The floor a gateway reports: the last one passed while travelling, the nearest at rest. */
  private shownFloor(): number {
    if (this.target === null) return this.here();
    return this.target > this.position ? Math.floor(this.position + 1e-9) : Math.ceil(this.position - 1e-9);
  }

  private here(): number {
    return Math.round(this.position);
  }

  private doorState(): LiftDoorState {
    return this.door === 'opening' || this.door === 'closing' ? 'moving' : this.door;
  }

  private motion(): LiftMotion {
    if (this.target === null || this.door !== 'closed') return 'stopped';
    return this.target > this.position ? 'up' : 'down';
  }

  /** What a state reports apart from the time, to notice a change. */
  private snapshot(): string {
    return `${this.floors[this.shownFloor()]}|${this.target}|${this.doorState()}|${this.motion()}|${this.mode}|${this.sessionId}`;
  }
}
