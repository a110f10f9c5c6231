import mqemitter, { type MQEmitter } from 'mqemitter';

/** A packet as aedes hands it to its emitter, and a listener of the emitter. */
interface Packet {
  topic: string;
  payload: string | Buffer;
  retain?: boolean;
}
type Listener = (packet: Packet, done: () => void) => void;
/** mqemitter types its messages loosely; it hands listeners what was emitted: aedes's packets, with a payload. */
type MqListener = Parameters<MQEmitter['on']>[1];

/** The telemetry kinds robots send several times a second; the rest (connection, factsheet) is rare and retained. */
const FREQUENT = ['state', 'visualization'];

/**
 * Whether a subscription filter may match a robot's frequent telemetry, `{prefix}/{manufacturer}/{serial}/{kind}`.
 * Conservative: any filter it cannot rule out (a shared subscription, a wildcard) may.
 */
export function mayMatchTelemetry(prefix: string, filter: string): boolean {
  if (filter.startsWith('$share/')) return true;
  const p = prefix.split('/');
  const f = filter.split('/');
  const levels = p.length + 3;
  for (let i = 0; i < f.length; i++) {
    const level = f[i];
    if (level === '#') return true;
    if (i >= levels) return false;
    if (level === '+') continue;
    if (i < p.length) {
      if (level !== p[i]) return false;
    } else if (i === levels - 1 && !FREQUENT.includes(level ?? '')) return false;
  }
  return f.length === levels;
}

/**
 * The embedded broker's message router (aedes's `mq`): mqemitter, with a short way for robots' state and
 * visualization messages. While nobody but the console's own ingest subscribes to anything that could match them
 * (robots subscribe only to their commands), such a message goes straight to the ingest instead of through the
 * topic matcher and the listeners' parallel runner: at 30,000 messages a second that routing was ~10 % of the
 * telemetry thread. Any other subscription that could match (an MQTT client on `#`, a tool on `…/+/+/state`) turns
 * the short way off until it goes; retained messages always take the long way (the broker stores them).
 */
export class DirectEmitter {
  private readonly inner: MQEmitter;
  private direct: { prefix: string; listener: Listener } | null = null;
  /** Subscriptions other than the ingest's, by listener and filter (a count: the same one may be made twice). */
  private readonly others = new Map<Listener, Map<string, number>>();
  /** How many of them may match frequent telemetry: the short way is taken only while there are none. */
  private matching = 0;
  private closed = false;

  constructor(opts: { concurrency: number }) {
    this.inner = mqemitter({ concurrency: opts.concurrency });
  }

  /** The ingest's listener, subscribed (through aedes) to `{prefix}/+/+/+`: it may take the short way. */
  useDirect(prefix: string, listener: Listener): void {
    this.direct = { prefix, listener };
    this.others.delete(listener);
    this.matching = 0;
    for (const filters of this.others.values())
      for (const [filter, n] of filters) if (mayMatchTelemetry(prefix, filter)) this.matching += n;
  }

  /** Messages being delivered through the matcher now. */
  get current(): number {
    return this.inner.current;
  }

  on(topic: string, listener: Listener, done?: () => void): this {
    this.inner.on(topic, listener as MqListener, done);
    if (listener === this.direct?.listener) return this;
    const filters = this.others.get(listener) ?? new Map<string, number>();
    filters.set(topic, (filters.get(topic) ?? 0) + 1);
    this.others.set(listener, filters);
    if (this.mayMatch(topic)) this.matching++;
    return this;
  }

  removeListener(topic: string, listener: Listener, done?: () => void): this {
    this.inner.removeListener(topic, listener as MqListener, done);
    const filters = this.others.get(listener);
    const n = filters?.get(topic);
    if (filters && n !== undefined) {
      if (n > 1) filters.set(topic, n - 1);
      else filters.delete(topic);
      if (!filters.size) this.others.delete(listener);
      if (this.mayMatch(topic)) this.matching--;
    }
    return this;
  }

  emit(packet: Packet, done?: (err?: Error) => void): this {
    const direct = this.direct;
    if (direct && this.matching === 0 && !packet.retain && !this.closed && this.frequent(packet.topic)) {
      direct.listener(packet, () => done?.());
      return this;
    }
    this.inner.emit(packet, done);
    return this;
  }

  close(done: () => void): this {
    this.closed = true;
    this.inner.close(done);
    return this;
  }

  /** Counted only once the robots' prefix is known (before, nothing takes the short way anyway). */
  private mayMatch(filter: string): boolean {
    return this.direct !== null && mayMatchTelemetry(this.direct.prefix, filter);
  }

  /** `{prefix}/{m}/{s}/state|visualization`, by hand: this runs for every message. */
  private frequent(topic: string): boolean {
    const prefix = this.direct?.prefix ?? '';
    if (topic.charCodeAt(prefix.length) !== SLASH || !topic.startsWith(prefix)) return false;
    const a = topic.indexOf('/', prefix.length + 1);
    const b = a < 0 ? -1 : topic.indexOf('/', a + 1);
    if (b < 0 || topic.indexOf('/', b + 1) >= 0) return false;
    const kind = topic.slice(b + 1);
    return kind === 'state' || kind === 'visualization';
  }
}

const SLASH = 47;
