import type { LiveRobot } from '@fleet/contract';
import { VDA_LIMITS as L, type VdaState } from './messages.js';
import { isAction, isCount, isError, isListOf } from './read-state.js';
import { batteryPercent, digestActions, digestErrors, type StateDigest } from './state-digest.js';
import {
  F_CHARGING,
  F_DRIVING,
  F_OMEGA,
  F_PAUSED,
  F_POSITION,
  F_VELOCITY,
  F_VX,
  F_VY,
  I_ACTION_STATES,
  I_EDGE_STATES,
  I_ERRORS,
  I_ESCAPES,
  I_FLAGS,
  I_LAST_NODE_ID,
  I_MANUFACTURER,
  I_MAP_ID,
  I_NODE_STATES,
  I_NUMBER_SPANS,
  I_OPERATING_MODE,
  I_ORDER_ID,
  I_SERIAL_NUMBER,
  I_SLOW_NUMBERS,
  I_TIMESTAMP,
  I_VERSION,
  I_WIDE,
  N_BATTERY_CHARGE,
  N_HEADER_ID,
  N_LAST_NODE_SEQUENCE_ID,
  N_OMEGA,
  N_ORDER_UPDATE_ID,
  N_THETA,
  N_VX,
  N_VY,
  N_X,
  N_Y,
  VDA_READER_WASM,
} from './vda-reader-wasm.js';

/*
 * State and visualization messages read by the WebAssembly reader (server/wasm/vda-reader.ts) instead of
 * JSON.parse: at 30,000 messages a second, JSON.parse building each message's object tree was a third of the
 * telemetry thread. The reader hands back numbers (or, past its exact fast path, their spans, read here with
 * Number(), which reads a JSON number as JSON.parse does) and the byte spans of strings; this side checks what
 * readState and readVisualization check (lengths, whole numbers, the robot named by the topic), makes the texts
 * (short ones shared across the fleet) and parses a state's error and action lists only when their bytes differ
 * from the topic's last (they change seldom). Whatever either side is not sure of answers null, and the caller
 * reads the message the slow way, whose verdict then stands: this path only ever accepts.
 */

/** @types/node declares only part of WebAssembly (there is no DOM library here): what is used, as used. */
const Wasm = WebAssembly as unknown as {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
};

interface ReaderExports {
  memory: { buffer: ArrayBuffer };
  MAX_INPUT: { value: number };
  input(): number;
  nums(): number;
  ints(): number;
  readVisualization(length: number): number;
  readState(length: number): number;
}

/**
 * Where the topic names its robot: the message must name the same one. It is compared with the topic's own
 * string, just received and so at hand, rather than with bytes kept per robot (at 20,000 topics, reading
 * those was a cache miss or two a message).
 */
export interface TopicIdentity {
  manufacturerAt: number;
  manufacturerLength: number;
  serialNumberAt: number;
  serialNumberLength: number;
}

/** `prefix/manufacturer/serialNumber/kind`: where the two names are in the topic. */
export function topicIdentity(prefix: string, manufacturer: string, serialNumber: string): TopicIdentity {
  const manufacturerAt = prefix.length + 1;
  return {
    manufacturerAt,
    manufacturerLength: manufacturer.length,
    serialNumberAt: manufacturerAt + manufacturer.length + 1,
    serialNumberLength: serialNumber.length,
  };
}

/** A list as last sent on a topic: its JSON's bytes and what they read as. */
interface HeldList<T> {
  bytes: Uint8Array;
  list: T;
}

/** What one topic's messages carried last (a topic is one robot's state or visualization). */
export class TopicMemory {
  errors: HeldList<LiveRobot['errors']> | null = null;
  actions: HeldList<LiveRobot['actionStates']> | null = null;
  /** Messages in a row the reader left to JSON.parse, and messages not given to it since (see FleetIngest). */
  misses = 0;
  passed = 0;
}

export class WasmVdaReader {
  /** The last visualization's position and velocity, or null when it had none; reused for every message. */
  readonly position = { x: 0, y: 0, theta: 0, mapId: '' };
  readonly velocity = { vx: 0, vy: 0, omega: 0 };
  hasPosition = false;
  hasVelocity = false;

  private readonly read: ReaderExports;
  private readonly maxInput: number;
  private readonly input: Uint8Array;
  private readonly nums: Float64Array;
  private readonly ints: Int32Array;
  /** Short texts by the FNV-1a hash of their bytes (see sharedText). */
  private readonly texts = new Map<number, string>();

  constructor() {
    const module = new Wasm.Module(Buffer.from(VDA_READER_WASM, 'base64'));
    const instance = new Wasm.Instance(module, {
      env: {
        abort() {
          throw new Error('vda-reader.wasm aborted');
        },
      },
    });
    this.read = instance.exports as unknown as ReaderExports;
    // The reader's memory never grows (it allocates nothing), so these views stay valid.
    const buffer = this.read.memory.buffer;
    this.maxInput = this.read.MAX_INPUT.value;
    this.input = new Uint8Array(buffer, this.read.input(), this.maxInput + 1);
    this.nums = new Float64Array(buffer, this.read.nums(), 16);
    this.ints = new Int32Array(buffer, this.read.ints(), 64);
  }

  /** Reads a visualization on `topic` into `position`/`velocity`; false when the slow way is to read it. */
  visualization(payload: Buffer, topic: string, who: TopicIdentity): boolean {
    if (!this.load(payload) || this.read.readVisualization(payload.length) !== 1) return false;
    if (!this.readSlowNumbers(payload) || !this.header(topic, who)) return false;
    return this.pose(payload);
  }

  /** A state's digest, as digestState(readState(JSON.parse(…))) gives it; null when the slow way is to read it. */
  state(payload: Buffer, topic: string, who: TopicIdentity, memory: TopicMemory): StateDigest | null {
    if (!this.load(payload) || this.read.readState(payload.length) !== 1) return null;
    if (!this.readSlowNumbers(payload)) return null;
    const n = this.nums;
    const i = this.ints;
    if (
      !this.header(topic, who) ||
      !isCount(n[N_ORDER_UPDATE_ID]) ||
      !isCount(n[N_LAST_NODE_SEQUENCE_ID]) ||
      !this.fits(I_LAST_NODE_ID, L.lastNodeId) ||
      (i[I_NODE_STATES] as number) > L.pathStates ||
      (i[I_EDGE_STATES] as number) > L.pathStates
    )
      return null;
    const orderId = this.text(payload, I_ORDER_ID, L.orderId);
    if (orderId === null) return null;
    const mode = this.text(payload, I_OPERATING_MODE, L.operatingMode);
    if (mode === null) return null;
    const errors = this.list(payload, I_ERRORS, memory.errors, readErrors);
    if (!errors) return null;
    memory.errors = errors;
    const actions = this.list(payload, I_ACTION_STATES, memory.actions, readActions);
    if (!actions) return null;
    memory.actions = actions;
    if (!this.pose(payload)) return null;
    const flags = i[I_FLAGS] as number;
    const p = this.position;
    const v = this.velocity;
    return {
      orderId: orderId || null,
      openNodes: i[I_NODE_STATES] as number,
      driving: (flags & F_DRIVING) !== 0,
      paused: (flags & F_PAUSED) !== 0,
      operatingMode: mode,
      battery: batteryPercent(n[N_BATTERY_CHARGE] as number),
      charging: (flags & F_CHARGING) !== 0,
      position: this.hasPosition ? { x: p.x, y: p.y, theta: p.theta, mapId: p.mapId } : null,
      velocity: this.hasVelocity ? { vx: v.vx, vy: v.vy, omega: v.omega } : null,
      errors: errors.list,
      actionStates: actions.list,
    };
  }

  /** The message's bytes into the reader's memory, when they fit. */
  private load(payload: Buffer): boolean {
    if (payload.length > this.maxInput) return false;
    this.input.set(payload);
    return true;
  }

  /** The numbers the reader left to JavaScript, read into their slots; false if one is infinite. */
  private readSlowNumbers(payload: Buffer): boolean {
    let slow = this.ints[I_SLOW_NUMBERS] as number;
    for (let slot = 0; slow !== 0; slot++, slow >>>= 1) {
      if ((slow & 1) === 0) continue;
      const start = this.ints[I_NUMBER_SPANS + 2 * slot] as number;
      const end = this.ints[I_NUMBER_SPANS + 2 * slot + 1] as number;
      const n = Number(payload.toString('latin1', start, end));
      if (!Number.isFinite(n)) return false;
      this.nums[slot] = n;
    }
    return true;
  }

  /** Whether the string at `slot` holds an escape. */
  private escaped(slot: number): boolean {
    return ((this.ints[I_ESCAPES] as number) & (1 << slot)) !== 0;
  }

  /** Whether the string at `slot` holds a byte beyond ASCII. */
  private wide(slot: number): boolean {
    return ((this.ints[I_WIDE] as number) & (1 << slot)) !== 0;
  }

  /** The header as readVisualization checks it, naming the topic's robot. */
  private header(topic: string, who: TopicIdentity): boolean {
    return (
      isCount(this.nums[N_HEADER_ID]) &&
      this.fits(I_TIMESTAMP, L.timestamp) &&
      this.fits(I_VERSION, L.version) &&
      this.fits(I_MANUFACTURER, L.manufacturer) &&
      this.fits(I_SERIAL_NUMBER, L.serialNumber) &&
      this.named(I_MANUFACTURER, topic, who.manufacturerAt, who.manufacturerLength) &&
      this.named(I_SERIAL_NUMBER, topic, who.serialNumberAt, who.serialNumberLength)
    );
  }

  /**
   * Whether the string at `slot` is the topic's `length` characters from `at`. Compared as ASCII, byte for
   * character: a name with an escape or beyond ASCII is compared the slow way.
   */
  private named(slot: number, topic: string, at: number, length: number): boolean {
    const start = this.ints[slot] as number;
    if ((this.ints[slot + 1] as number) - start !== length || this.escaped(slot) || this.wide(slot))
      return false;
    const input = this.input;
    for (let k = 0; k < length; k++) if (input[start + k] !== topic.charCodeAt(at + k)) return false;
    return true;
  }

  /** The position and velocity read into `position`/`velocity`. */
  private pose(payload: Buffer): boolean {
    const flags = this.ints[I_FLAGS] as number;
    const n = this.nums;
    this.hasPosition = (flags & F_POSITION) !== 0;
    if (this.hasPosition) {
      const mapId = this.text(payload, I_MAP_ID, L.mapId);
      if (mapId === null) return false;
      const p = this.position;
      p.x = n[N_X] as number;
      p.y = n[N_Y] as number;
      p.theta = n[N_THETA] as number;
      p.mapId = mapId;
    }
    this.hasVelocity = (flags & F_VELOCITY) !== 0;
    if (this.hasVelocity) {
      const v = this.velocity;
      v.vx = flags & F_VX ? (n[N_VX] as number) : 0;
      v.vy = flags & F_VY ? (n[N_VY] as number) : 0;
      v.omega = flags & F_OMEGA ? (n[N_OMEGA] as number) : 0;
    }
    return true;
  }

  /**
   * Whether the string at `slot` is at most `max` UTF-16 units long, as the schema counts, judged from its
   * bytes: UTF-8 never takes fewer bytes than UTF-16 units, so a string of `max` bytes or fewer fits. A longer
   * one goes the slow way, which decides.
   */
  private fits(slot: number, max: number): boolean {
    return (this.ints[slot + 1] as number) - (this.ints[slot] as number) <= max;
  }

  /** Whether the string at `slot` has exactly these bytes (escapes and all). */
  private same(slot: number, bytes: Uint8Array): boolean {
    const start = this.ints[slot] as number;
    const length = (this.ints[slot + 1] as number) - start;
    if (length !== bytes.length) return false;
    const input = this.input;
    for (let k = 0; k < length; k++) if (input[start + k] !== bytes[k]) return false;
    return true;
  }

  /**
   * The string at `slot`, or null when longer than `max`. Nothing is kept per robot (far away in memory at
   * 20,000 topics): short ASCII comes from the texts the fleet shares, longer ASCII is made as Latin-1 (the
   * fastest way to a string), other text from its UTF-8, and with escapes by JSON.parse (the reader has checked
   * them).
   */
  private text(payload: Buffer, slot: number, max: number): string | null {
    const start = this.ints[slot] as number;
    const end = this.ints[slot + 1] as number;
    if (!this.escaped(slot) && !this.wide(slot)) {
      if (end - start > max) return null;
      return end - start <= SHARED_TEXT_BYTES
        ? this.sharedText(payload, start, end)
        : payload.toString('latin1', start, end);
    }
    const text = this.escaped(slot) ? unescaped(payload, start, end) : payload.toString('utf8', start, end);
    return text !== null && text.length <= max ? text : null;
  }

  /**
   * A short ASCII text as one string for the whole fleet: maps, operating modes and order ids repeat across
   * robots and messages, so the string is found by a hash of its bytes among the few held (hot in the cache,
   * unlike anything kept per robot) and checked byte for byte; else made and held. The batch's writer then
   * finds the same string it saw last (its hash already computed) and nothing new is left for the collector.
   */
  private sharedText(payload: Buffer, start: number, end: number): string {
    const input = this.input;
    let hash = 0x811c9dc5;
    for (let k = start; k < end; k++) hash = Math.imul(hash ^ (input[k] as number), 0x01000193);
    const held = this.texts.get(hash);
    if (held && held.length === end - start) {
      let k = 0;
      while (k < held.length && held.charCodeAt(k) === input[start + k]) k++;
      if (k === held.length) return held;
    }
    const text = payload.toString('latin1', start, end);
    if (this.texts.size >= SHARED_TEXTS) this.texts.clear();
    this.texts.set(hash, text);
    return text;
  }

  /** The list at `slot`: the one held when its JSON is the same bytes, else parsed and checked by `check`. */
  private list<T>(
    payload: Buffer,
    slot: number,
    held: HeldList<T> | null,
    check: (json: unknown) => T | null,
  ): HeldList<T> | null {
    const start = this.ints[slot] as number;
    const end = this.ints[slot + 1] as number;
    // The empty list, what most states carry, needs nothing held.
    if (end - start === 2) return { bytes: EMPTY, list: check([]) as T };
    if (held && this.same(slot, held.bytes)) return held;
    // The reader has checked the JSON (no escape in it reads as text PostgreSQL refuses); the items' fields
    // are checked here as readState checks them. Were JSON.parse to disagree with the reader, the message
    // would go the slow way rather than stop the thread.
    let list: T | null;
    try {
      list = check(JSON.parse(payload.toString('utf8', start, end)));
    } catch {
      return null;
    }
    return list ? { bytes: this.copy(start, end), list } : null;
  }

  /** The input's bytes [start, end) as a Uint8Array of their own (held, so not a view of the reader's memory). */
  private copy(start: number, end: number): Uint8Array {
    const bytes = new Uint8Array(end - start);
    const input = this.input;
    for (let k = 0; k < bytes.length; k++) bytes[k] = input[start + k] as number;
    return bytes;
  }
}

const EMPTY = new Uint8Array(0);
/** Texts up to this many bytes are shared (sharedText), and at most this many held at once. */
const SHARED_TEXT_BYTES = 64;
const SHARED_TEXTS = 4096;

/** A string with escapes, quotes included, read by JSON.parse; null (the slow way) should it disagree with the reader. */
function unescaped(payload: Buffer, start: number, end: number): string | null {
  try {
    const text: unknown = JSON.parse(payload.toString('utf8', start - 1, end + 1));
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}

function readErrors(json: unknown): LiveRobot['errors'] | null {
  return isListOf(json, L.errors, isError) ? digestErrors(json as VdaState['errors']) : null;
}

function readActions(json: unknown): LiveRobot['actionStates'] | null {
  return isListOf(json, L.actionStates, isAction) ? digestActions(json as VdaState['actionStates']) : null;
}

let shared: WasmVdaReader | null = null;

/** The thread's reader (one instance: its memory is scratch, and a thread reads one message at a time). */
export function wasmVdaReader(): WasmVdaReader {
  shared ??= new WasmVdaReader();
  return shared;
}
