/*
 * AssemblyScript, compiled to WebAssembly by server/wasm/build.mjs (not TypeScript run by Node).
 *
 * Reads a VDA 5050 state or visualization message where JSON.parse would build the whole object tree: the
 * telemetry thread spent a third of its time in JSON.parse at 30,000 messages a second. It answers only
 * "read, and here are the fields" or "not sure": anything it does not take to the letter (an escape in a
 * string, a number beyond the exact fast path, a field of an unexpected type, a key given twice, a nesting
 * deeper than 64) makes it answer 0, and the caller reads the message with JSON.parse and the schema, which
 * then decides. So it never refuses a message on its own, and what it reads is what JSON.parse would read.
 *
 * The message's bytes are at input(), followed by a 0 byte (which no valid JSON holds outside a string, and
 * a raw 0 inside one is refused): every scan stops there without a bounds check. Fields go to nums() (f64)
 * and ints() (i32): strings as byte spans [start, end) of the input, lists of errors and action states as the
 * span of their JSON, node and edge lists as their length; ints()[I_SLOW_NUMBERS] has a bit per nums() slot
 * whose number is left to JavaScript (its span at I_NUMBER_SPANS + 2 × slot), ints()[I_ESCAPES] a bit per
 * string span holding an escape (bit = the span's slot), ints()[I_WIDE] one per span holding a byte beyond ASCII. server/src/fleet/vda/wasm-reader.ts reads them.
 */

export const MAX_INPUT: i32 = 262144;

const INPUT: usize = memory.data(MAX_INPUT + 16, 16);
const NUMS: usize = memory.data(8 * 16, 8);
const INTS: usize = memory.data(4 * 64, 4);
const POW10: usize = memory.data<f64>([
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
  1e20, 1e21, 1e22,
]);

export function input(): usize {
  return INPUT;
}
export function nums(): usize {
  return NUMS;
}
export function ints(): usize {
  return INTS;
}

// nums(): f64 slots.
const N_HEADER_ID = 0;
const N_X = 1;
const N_Y = 2;
const N_THETA = 3;
const N_VX = 4;
const N_VY = 5;
const N_OMEGA = 6;
const N_ORDER_UPDATE_ID = 7;
const N_LAST_NODE_SEQUENCE_ID = 8;
const N_BATTERY_CHARGE = 9;

// ints(): i32 slots; a span takes two (start, end).
const I_FLAGS = 0;
const I_TIMESTAMP = 1;
const I_VERSION = 3;
const I_MANUFACTURER = 5;
const I_SERIAL_NUMBER = 7;
const I_MAP_ID = 9;
const I_ORDER_ID = 11;
const I_LAST_NODE_ID = 13;
const I_OPERATING_MODE = 15;
const I_ERRORS = 17;
const I_ACTION_STATES = 19;
const I_NODE_STATES = 21;
const I_EDGE_STATES = 22;
const I_SLOW_NUMBERS = 23;
const I_ESCAPES = 24;
const I_WIDE = 25;
const I_NUMBER_SPANS = 32;

// Flags in ints()[I_FLAGS].
const F_POSITION: i32 = 1;
const F_VELOCITY: i32 = 2;
const F_VX: i32 = 4;
const F_VY: i32 = 8;
const F_OMEGA: i32 = 16;
const F_DRIVING: i32 = 32;
const F_PAUSED: i32 = 64;
const F_CHARGING: i32 = 128;

const FAIL: i32 = -1;
const MAX_DEPTH = 64;

/** The last string read: its bytes [strStart, strEnd), whether it holds an escape, and a byte beyond ASCII. */
let strStart: i32 = 0;
let strEnd: i32 = 0;
let escaped: bool = false;
let wide: bool = false;
/**
 * The last number read: `value` when `exact` (the fast path below). Else `finite` says that JSON.parse reads
 * it as a finite number (it is below 10^308), and `huge` that it reads it as an infinite one (it is at least
 * 10^309); between the two, JavaScript reads it and sees.
 */
let value: f64 = 0;
let exact: bool = false;
let finite: bool = false;
let huge: bool = false;
let slowNumbers: i32 = 0;
let escapes: i32 = 0;
let wides: i32 = 0;
/** The last boolean read. */
let flag: bool = false;
/** Node or edge states counted by the last list read. */
let count: i32 = 0;
let flags: i32 = 0;

const QUOTES = i8x16.splat(0x22);
const BACKSLASHES = i8x16.splat(0x5c);
const SPACES = i8x16.splat(0x20);

function at(p: i32): u32 {
  return load<u8>(INPUT + <usize>p);
}

function setNum(slot: i32, v: f64): void {
  store<f64>(NUMS + ((<usize>slot) << 3), v);
}

function setInt(slot: i32, v: i32): void {
  store<i32>(INTS + ((<usize>slot) << 2), v);
}

function ws(p: i32): i32 {
  let c = at(p);
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = at(++p);
  return p;
}

function hex(c: u32): i32 {
  if (c - 0x30 < 10) return <i32>(c - 0x30);
  const lower = c | 0x20;
  if (lower - 0x61 < 6) return <i32>(lower - 0x61 + 10);
  return -1;
}

/** The code unit of a \uXXXX escape at p (which holds the backslash), or -1. */
function unicodeEscape(p: i32): i32 {
  if (at(p + 1) !== 0x75) return -1;
  const a = hex(at(p + 2));
  const b = hex(at(p + 3));
  const c = hex(at(p + 4));
  const d = hex(at(p + 5));
  if ((a | b | c | d) < 0) return -1;
  return (a << 12) | (b << 8) | (c << 4) | d;
}

/**
 * A string at p: its bytes go to strStart/strEnd, and `escaped` says whether it has escapes. A control
 * character, a malformed escape, and an escape JSON.parse would read as NUL or a lone surrogate (which the slow
 * way drops as malformed: PostgreSQL cannot store them) are left to JSON.parse.
 */
function str(p: i32): i32 {
  if (at(p) !== 0x22) return FAIL;
  const start = ++p;
  let anyEscape = false;
  /** The high bits of the string's plain bytes: any set, and it holds bytes beyond ASCII. */
  let high: i32 = 0;
  while (true) {
    // Sixteen bytes at a time up to the first quote, backslash or control character (the input ends with a NUL,
    // and 16 bytes of room follow the largest input, so the load never leaves it).
    const v = v128.load(INPUT + <usize>p);
    const stops = i8x16.bitmask(
      v128.or(v128.or(i8x16.eq(v, QUOTES), i8x16.eq(v, BACKSLASHES)), i8x16.lt_u(v, SPACES)),
    );
    if (stops === 0) {
      high |= i8x16.bitmask(v);
      p += 16;
      continue;
    }
    const plain = ctz(stops);
    high |= i8x16.bitmask(v) & ((1 << plain) - 1);
    p += plain;
    const c = at(p);
    if (c === 0x22) break;
    if (c < 0x20) return FAIL;
    // A backslash: the escape must be one JSON has.
    anyEscape = true;
    const e = at(p + 1);
    if (e === 0x75) {
      const unit = unicodeEscape(p);
      if (unit <= 0 || <u32>(unit - 0xdc00) < 0x400) return FAIL;
      if (<u32>(unit - 0xd800) < 0x400) {
        // A high surrogate stands only before a low one.
        if (at(p + 6) !== 0x5c) return FAIL;
        const low = unicodeEscape(p + 6);
        if (<u32>(low - 0xdc00) >= 0x400) return FAIL;
        p += 12;
      } else p += 6;
      continue;
    }
    if (
      e !== 0x22 &&
      e !== 0x5c &&
      e !== 0x2f &&
      e !== 0x62 &&
      e !== 0x66 &&
      e !== 0x6e &&
      e !== 0x72 &&
      e !== 0x74
    )
      return FAIL;
    p += 2;
  }
  strStart = start;
  strEnd = p;
  escaped = anyEscape;
  wide = high !== 0;
  return p + 1;
}

/** A key at p: escapes are left to JSON.parse, as the key is compared by its bytes. */
function key(p: i32): i32 {
  p = str(p);
  return escaped ? FAIL : p;
}

function isDigit(c: u32): bool {
  return c - 0x30 < 10;
}

/**
 * A number at p, by JSON's grammar. `exact` says whether `value` is what JSON.parse gives: 15 significant
 * digits at most and a power of ten within 10^±22, so that one multiplication or division of two exact
 * doubles rounds it correctly (Clinger's fast path).
 */
function num(p: i32): i32 {
  let negative = false;
  let c = at(p);
  if (c === 0x2d) {
    negative = true;
    c = at(++p);
  }
  let mantissa: u64 = 0;
  let digits = 0;
  let power = 0;
  if (c === 0x30) {
    c = at(++p);
  } else if (isDigit(c)) {
    while (isDigit(c)) {
      mantissa = mantissa * 10 + <u64>(c - 0x30);
      if (mantissa !== 0) digits++;
      c = at(++p);
    }
  } else {
    return FAIL;
  }
  if (c === 0x2e) {
    c = at(++p);
    if (!isDigit(c)) return FAIL;
    while (isDigit(c)) {
      mantissa = mantissa * 10 + <u64>(c - 0x30);
      if (mantissa !== 0) digits++;
      power--;
      c = at(++p);
    }
  }
  if (c === 0x65 || c === 0x45) {
    c = at(++p);
    let negativePower = false;
    if (c === 0x2d || c === 0x2b) {
      negativePower = c === 0x2d;
      c = at(++p);
    }
    if (!isDigit(c)) return FAIL;
    let e = 0;
    while (isDigit(c)) {
      if (e < 100000) e = e * 10 + <i32>(c - 0x30);
      c = at(++p);
    }
    power += negativePower ? -e : e;
  }
  exact = false;
  // At least 10^(digits + power - 1) and below 10^(digits + power); the largest double is 1.8 × 10^308.
  finite = mantissa === 0 || digits + power <= 308;
  huge = mantissa !== 0 && digits + power > 309;
  if (digits > 15) return p;
  let v: f64 = 0;
  if (mantissa !== 0) {
    if (power < -22 || power > 22) return p;
    v =
      power >= 0
        ? <f64>mantissa * load<f64>(POW10 + ((<usize>power) << 3))
        : <f64>mantissa / load<f64>(POW10 + ((<usize>-power) << 3));
  }
  value = negative ? -v : v;
  exact = true;
  return p;
}

/** `true` or `false` at p, into `flag`. */
function readBool(p: i32): i32 {
  const c = at(p);
  if (c === 0x74 && at(p + 1) === 0x72 && at(p + 2) === 0x75 && at(p + 3) === 0x65) {
    flag = true;
    return p + 4;
  }
  if (c === 0x66 && at(p + 1) === 0x61 && at(p + 2) === 0x6c && at(p + 3) === 0x73 && at(p + 4) === 0x65) {
    flag = false;
    return p + 5;
  }
  return FAIL;
}

/** Any JSON value at p, checked and passed over. */
function skip(p: i32, depth: i32): i32 {
  const c = at(p);
  if (c === 0x22) return str(p);
  if (c === 0x7b) {
    if (depth >= MAX_DEPTH) return FAIL;
    p = ws(p + 1);
    if (at(p) === 0x7d) return p + 1;
    while (true) {
      p = str(p);
      if (p < 0) return FAIL;
      p = ws(p);
      if (at(p) !== 0x3a) return FAIL;
      p = skip(ws(p + 1), depth + 1);
      if (p < 0) return FAIL;
      p = ws(p);
      const d = at(p);
      if (d === 0x7d) return p + 1;
      if (d !== 0x2c) return FAIL;
      p = ws(p + 1);
    }
  }
  if (c === 0x5b) {
    if (depth >= MAX_DEPTH) return FAIL;
    p = ws(p + 1);
    if (at(p) === 0x5d) return p + 1;
    while (true) {
      p = skip(p, depth + 1);
      if (p < 0) return FAIL;
      p = ws(p);
      const d = at(p);
      if (d === 0x5d) return p + 1;
      if (d !== 0x2c) return FAIL;
      p = ws(p + 1);
    }
  }
  if (c === 0x6e) return at(p + 1) === 0x75 && at(p + 2) === 0x6c && at(p + 3) === 0x6c ? p + 4 : FAIL;
  if (c === 0x74 || c === 0x66) return readBool(p);
  if (c === 0x2d || isDigit(c)) return num(p);
  return FAIL;
}

/** Whether the key just read (strStart..strEnd) is `name` (ASCII). */
function keyIs(name: string): bool {
  const n = name.length;
  if (strEnd - strStart !== n) return false;
  const chars = changetype<usize>(name);
  for (let i = 0; i < n; i++) {
    if (at(strStart + i) !== <u32>load<u16>(chars + ((<usize>i) << 1))) return false;
  }
  return true;
}

/**
 * A number at p into nums()[slot]: its value when exact, else its span for JavaScript to read (and refuse
 * when infinite); one sure to be infinite is left to the slow way, which refuses it.
 */
function number(p: i32, slot: i32): i32 {
  const c = at(p);
  if (c !== 0x2d && !isDigit(c)) return FAIL;
  const start = p;
  p = num(p);
  if (p < 0) return FAIL;
  if (exact) {
    setNum(slot, value);
    return p;
  }
  if (huge) return FAIL;
  slowNumbers |= 1 << slot;
  setInt(I_NUMBER_SPANS + 2 * slot, start);
  setInt(I_NUMBER_SPANS + 2 * slot + 1, p);
  return p;
}

/** A number at p that JSON.parse reads as a finite one (kept nowhere). */
function finiteNum(p: i32): i32 {
  const c = at(p);
  if (c !== 0x2d && !isDigit(c)) return FAIL;
  p = num(p);
  return p < 0 || !(exact || finite) ? FAIL : p;
}

/** A string at p into the span at ints()[slot]. */
function span(p: i32, slot: i32): i32 {
  p = str(p);
  if (p < 0) return FAIL;
  setInt(slot, strStart);
  setInt(slot + 1, strEnd);
  if (escaped) escapes |= 1 << slot;
  if (wide) wides |= 1 << slot;
  return p;
}

/** A list at p, checked and passed over, its JSON's span into ints()[slot]. */
function listSpan(p: i32, slot: i32): i32 {
  if (at(p) !== 0x5b) return FAIL;
  const start = p;
  p = skip(p, 1);
  if (p < 0) return FAIL;
  setInt(slot, start);
  setInt(slot + 1, p);
  return p;
}

/*
 * The objects inside a message are read key by key by one loop (`object`): a known key's bit is set in
 * `fieldsSeen` (a key given twice fails, as JSON.parse would keep the last) and its value read by `field`;
 * unknown keys are passed over. Each kind of object then checks the fields it requires.
 */
const O_POSITION = 0;
const O_VELOCITY = 1;
const O_BATTERY = 2;
const O_SAFETY = 3;
const O_NODE_STATE = 4;
const O_EDGE_STATE = 5;

let fieldsSeen = 0;

/** The bit of the key just read in an object of `kind`; 0 for one passed over. */
function fieldBit(kind: i32): i32 {
  switch (kind) {
    case O_POSITION:
      if (keyIs('x')) return 1;
      if (keyIs('y')) return 2;
      if (keyIs('theta')) return 4;
      if (keyIs('mapId')) return 8;
      return keyIs('positionInitialized') ? 16 : 0;
    case O_VELOCITY:
      if (keyIs('vx')) return F_VX;
      if (keyIs('vy')) return F_VY;
      return keyIs('omega') ? F_OMEGA : 0;
    case O_BATTERY:
      if (keyIs('batteryCharge')) return 1;
      return keyIs('charging') ? 2 : 0;
    case O_SAFETY:
      if (keyIs('eStop')) return 1;
      return keyIs('fieldViolation') ? 2 : 0;
    case O_NODE_STATE:
      if (keyIs('nodeId')) return 1;
      return keyIs('sequenceId') ? 2 : 0;
    default:
      if (keyIs('edgeId')) return 1;
      return keyIs('sequenceId') ? 2 : 0;
  }
}

/** The value at p of the field `bit` of an object of `kind`. */
function field(kind: i32, bit: i32, p: i32): i32 {
  switch (kind) {
    case O_POSITION:
      if (bit === 1) return number(p, N_X);
      if (bit === 2) return number(p, N_Y);
      if (bit === 4) return number(p, N_THETA);
      if (bit === 8) return span(p, I_MAP_ID);
      return readBool(p);
    case O_VELOCITY:
      if (bit === F_VX) return number(p, N_VX);
      if (bit === F_VY) return number(p, N_VY);
      return number(p, N_OMEGA);
    case O_BATTERY:
      if (bit === 1) return number(p, N_BATTERY_CHARGE);
      p = readBool(p);
      if (p >= 0 && flag) flags |= F_CHARGING;
      return p;
    case O_SAFETY:
      return bit === 1 ? str(p) : readBool(p);
    default:
      // A node's or edge's id is any string; its sequenceId any finite number.
      return bit === 1 ? str(p) : finiteNum(p);
  }
}

/** An object of `kind` at p, nested `depth` deep: its known fields read into fieldsSeen and the slots. */
function object(p: i32, kind: i32, depth: i32): i32 {
  if (at(p) !== 0x7b) return FAIL;
  let seen = 0;
  p = ws(p + 1);
  if (at(p) !== 0x7d) {
    while (true) {
      p = key(p);
      if (p < 0) return FAIL;
      const bit = fieldBit(kind);
      if (seen & bit) return FAIL;
      seen |= bit;
      p = ws(p);
      if (at(p) !== 0x3a) return FAIL;
      p = ws(p + 1);
      p = bit !== 0 ? field(kind, bit, p) : skip(p, depth + 1);
      if (p < 0) return FAIL;
      p = ws(p);
      const d = at(p);
      if (d === 0x7d) break;
      if (d !== 0x2c) return FAIL;
      p = ws(p + 1);
    }
  }
  fieldsSeen = seen;
  return p + 1;
}

/** agvPosition: x, y, theta, mapId required; positionInitialized a boolean if given. */
function position(p: i32): i32 {
  p = object(p, O_POSITION, 1);
  if (p < 0 || (fieldsSeen & 15) !== 15) return FAIL;
  flags |= F_POSITION;
  return p;
}

/** velocity: vx, vy, omega each a number if given. */
function velocity(p: i32): i32 {
  p = object(p, O_VELOCITY, 1);
  if (p < 0) return FAIL;
  flags |= F_VELOCITY | fieldsSeen;
  return p;
}

/** batteryState: batteryCharge a number, charging a boolean, both required. */
function battery(p: i32): i32 {
  p = object(p, O_BATTERY, 1);
  return p < 0 || fieldsSeen !== 3 ? FAIL : p;
}

/** safetyState: eStop a string, fieldViolation a boolean, both required. */
function safety(p: i32): i32 {
  p = object(p, O_SAFETY, 1);
  return p < 0 || fieldsSeen !== 3 ? FAIL : p;
}

/** One node state (`edges` false: nodeId) or edge state (edgeId): the id a string, sequenceId a number. */
function pathState(p: i32, edges: bool): i32 {
  p = object(p, edges ? O_EDGE_STATE : O_NODE_STATE, 2);
  return p < 0 || fieldsSeen !== 3 ? FAIL : p;
}

/** nodeStates or edgeStates: a list of them, counted into `count`. */
function pathStates(p: i32, edges: bool): i32 {
  if (at(p) !== 0x5b) return FAIL;
  count = 0;
  p = ws(p + 1);
  if (at(p) === 0x5d) return p + 1;
  while (true) {
    p = pathState(p, edges);
    if (p < 0) return FAIL;
    count++;
    p = ws(p);
    const d = at(p);
    if (d === 0x5d) return p + 1;
    if (d !== 0x2c) return FAIL;
    p = ws(p + 1);
  }
}

// The top level's keys, a bit each.
const K_HEADER_ID = 1;
const K_TIMESTAMP = 2;
const K_VERSION = 4;
const K_MANUFACTURER = 8;
const K_SERIAL_NUMBER = 16;
const K_POSITION = 32;
const K_VELOCITY = 64;
const K_ORDER_ID = 128;
const K_ORDER_UPDATE_ID = 256;
const K_LAST_NODE_ID = 512;
const K_LAST_NODE_SEQUENCE_ID = 1024;
const K_NODE_STATES = 2048;
const K_EDGE_STATES = 4096;
const K_DRIVING = 8192;
const K_PAUSED = 16384;
const K_OPERATING_MODE = 32768;
const K_BATTERY = 65536;
const K_ERRORS = 131072;
const K_ACTION_STATES = 262144;
const K_SAFETY = 524288;

const HEADER = K_HEADER_ID | K_TIMESTAMP | K_VERSION | K_MANUFACTURER | K_SERIAL_NUMBER;
const STATE_REQUIRED =
  HEADER |
  K_ORDER_ID |
  K_ORDER_UPDATE_ID |
  K_LAST_NODE_ID |
  K_LAST_NODE_SEQUENCE_ID |
  K_NODE_STATES |
  K_EDGE_STATES |
  K_DRIVING |
  K_OPERATING_MODE |
  K_BATTERY |
  K_ERRORS |
  K_ACTION_STATES;

/**
 * The top-level key just read, as its bit; 0 for one we pass over. `state` adds the state's own keys. Picked
 * by length and first letter, then compared: a message has twenty-odd keys, and comparing each with every
 * name in turn was a good part of the reading.
 */
function topKey(state: bool): i32 {
  const c = at(strStart);
  switch (strEnd - strStart) {
    case 6:
      if (!state) return 0;
      if (c === 0x70) return keyIs('paused') ? K_PAUSED : 0;
      return c === 0x65 && keyIs('errors') ? K_ERRORS : 0;
    case 7:
      if (c === 0x76) return keyIs('version') ? K_VERSION : 0;
      if (!state) return 0;
      if (c === 0x6f) return keyIs('orderId') ? K_ORDER_ID : 0;
      return c === 0x64 && keyIs('driving') ? K_DRIVING : 0;
    case 8:
      if (c === 0x68) return keyIs('headerId') ? K_HEADER_ID : 0;
      return c === 0x76 && keyIs('velocity') ? K_VELOCITY : 0;
    case 9:
      return c === 0x74 && keyIs('timestamp') ? K_TIMESTAMP : 0;
    case 10:
      if (!state) return 0;
      if (c === 0x6c) return keyIs('lastNodeId') ? K_LAST_NODE_ID : 0;
      if (c === 0x6e) return keyIs('nodeStates') ? K_NODE_STATES : 0;
      return c === 0x65 && keyIs('edgeStates') ? K_EDGE_STATES : 0;
    case 11:
      if (c === 0x61) return keyIs('agvPosition') ? K_POSITION : 0;
      return state && c === 0x73 && keyIs('safetyState') ? K_SAFETY : 0;
    case 12:
      if (c === 0x6d) return keyIs('manufacturer') ? K_MANUFACTURER : 0;
      if (c === 0x73) return keyIs('serialNumber') ? K_SERIAL_NUMBER : 0;
      if (!state) return 0;
      if (c === 0x62) return keyIs('batteryState') ? K_BATTERY : 0;
      return c === 0x61 && keyIs('actionStates') ? K_ACTION_STATES : 0;
    case 13:
      if (!state || c !== 0x6f) return 0;
      if (keyIs('orderUpdateId')) return K_ORDER_UPDATE_ID;
      return keyIs('operatingMode') ? K_OPERATING_MODE : 0;
    case 18:
      return state && c === 0x6c && keyIs('lastNodeSequenceId') ? K_LAST_NODE_SEQUENCE_ID : 0;
    default:
      return 0;
  }
}

/** The value of the top-level key `key` at p. */
function topValue(p: i32, key: i32): i32 {
  switch (key) {
    case K_HEADER_ID:
      return number(p, N_HEADER_ID);
    case K_TIMESTAMP:
      return span(p, I_TIMESTAMP);
    case K_VERSION:
      return span(p, I_VERSION);
    case K_MANUFACTURER:
      return span(p, I_MANUFACTURER);
    case K_SERIAL_NUMBER:
      return span(p, I_SERIAL_NUMBER);
    case K_POSITION:
      return position(p);
    case K_VELOCITY:
      return velocity(p);
    case K_ORDER_ID:
      return span(p, I_ORDER_ID);
    case K_ORDER_UPDATE_ID:
      return number(p, N_ORDER_UPDATE_ID);
    case K_LAST_NODE_ID:
      return span(p, I_LAST_NODE_ID);
    case K_LAST_NODE_SEQUENCE_ID:
      return number(p, N_LAST_NODE_SEQUENCE_ID);
    case K_NODE_STATES:
      p = pathStates(p, false);
      setInt(I_NODE_STATES, count);
      return p;
    case K_EDGE_STATES:
      p = pathStates(p, true);
      setInt(I_EDGE_STATES, count);
      return p;
    case K_DRIVING:
      p = readBool(p);
      if (flag) flags |= F_DRIVING;
      return p;
    case K_PAUSED:
      p = readBool(p);
      if (flag) flags |= F_PAUSED;
      return p;
    case K_OPERATING_MODE:
      return span(p, I_OPERATING_MODE);
    case K_BATTERY:
      return battery(p);
    case K_ERRORS:
      return listSpan(p, I_ERRORS);
    case K_ACTION_STATES:
      return listSpan(p, I_ACTION_STATES);
    case K_SAFETY:
      return safety(p);
    default:
      return skip(p, 1);
  }
}

function message(length: i32, state: bool): i32 {
  if (length < 0 || length > MAX_INPUT) return 0;
  store<u8>(INPUT + <usize>length, 0);
  flags = 0;
  slowNumbers = 0;
  escapes = 0;
  wides = 0;
  let seen = 0;
  let p = ws(0);
  if (at(p) !== 0x7b) return 0;
  p = ws(p + 1);
  if (at(p) === 0x7d) return 0;
  while (true) {
    p = key(p);
    if (p < 0) return 0;
    const known = topKey(state);
    if (seen & known) return 0;
    seen |= known;
    p = ws(p);
    if (at(p) !== 0x3a) return 0;
    p = topValue(ws(p + 1), known);
    if (p < 0) return 0;
    p = ws(p);
    const d = at(p);
    if (d === 0x7d) break;
    if (d !== 0x2c) return 0;
    p = ws(p + 1);
  }
  if (ws(p + 1) !== length) return 0;
  if ((seen & (state ? STATE_REQUIRED : HEADER)) !== (state ? STATE_REQUIRED : HEADER)) return 0;
  setInt(I_FLAGS, flags);
  setInt(I_SLOW_NUMBERS, slowNumbers);
  setInt(I_ESCAPES, escapes);
  setInt(I_WIDE, wides);
  return 1;
}

/** A visualization message of `length` bytes at input(): 1 when read, 0 when JSON.parse is to read it. */
export function readVisualization(length: i32): i32 {
  return message(length, false);
}

/** A state message of `length` bytes at input(): 1 when read, 0 when JSON.parse is to read it. */
export function readState(length: i32): i32 {
  return message(length, true);
}
