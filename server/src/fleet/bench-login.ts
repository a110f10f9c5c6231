import { createHash, timingSafeEqual } from 'node:crypto';
import { DEVICE_NAME } from '@fleet/contract';
import type { Client } from 'aedes';
import type { ExtraBrokerLogin } from './embedded-broker.js';
import { ROBOT_PUBLISHES, TOPIC_LEVEL } from './vda/topics.js';

/**
 * The embedded broker's load-test login (MQTT_BENCH_PASSWORD). A load generator carries thousands of robots
 * and mini devices over a few connections, which the per-robot and per-device logins cannot allow. This login
 * may speak for every robot and device, but only as they do: publish their telemetry (a device's connection,
 * heartbeats and presses) and listen to their commands. It never publishes commands, and the ingests still
 * drop messages of robots and devices that are not registered.
 *
 * Nothing else in the server knows of it: the broker is handed `benchBrokerLogin(…)` as an extra login only when
 * MQTT_BENCH_PASSWORD is set.
 */
export interface BenchLogin {
  username: string;
  password: string;
}

const COMMANDS = new Set(['order', 'instantActions']);
const SLASH = 47;

/** Compared as digests, so neither the length nor the content of the password leaks through timing. */
export function isBenchLogin(bench: BenchLogin | undefined, username: string, password: Buffer): boolean {
  if (!bench || username !== bench.username) return false;
  const digest = (b: Buffer | string) => createHash('sha256').update(b).digest();
  return timingSafeEqual(digest(password), digest(bench.password));
}

/**
 * `{prefix}/{manufacturer}/{serialNumber}/{telemetry}`: any robot's telemetry, nothing else. Checked for every
 * message of the load test (tens of thousands a second), hence slashes found by hand rather than a split.
 */
export function benchMayPublish(prefix: string, topic: string): boolean {
  const start = prefix.length + 1;
  if (topic.charCodeAt(start - 1) !== SLASH || !topic.startsWith(prefix)) return false;
  const a = topic.indexOf('/', start);
  const b = a < 0 ? -1 : topic.indexOf('/', a + 1);
  if (b < 0 || topic.indexOf('/', b + 1) >= 0) return false;
  return (
    ROBOT_PUBLISHES.has(topic.slice(b + 1)) &&
    TOPIC_LEVEL.test(topic.slice(start, a)) &&
    TOPIC_LEVEL.test(topic.slice(a + 1, b))
  );
}

const DEVICE_SAYS = new Set(['connection', 'heartbeat', 'event']);

/** `{devicePrefix}/{deviceName}/{connection|heartbeat|event}`: what any mini device says, nothing else. */
export function benchMayPublishAsDevice(devicePrefix: string, topic: string): boolean {
  if (!topic.startsWith(`${devicePrefix}/`)) return false;
  const parts = topic.slice(devicePrefix.length + 1).split('/');
  return parts.length === 2 && DEVICE_NAME.test(parts[0] ?? '') && DEVICE_SAYS.has(parts[1] ?? '');
}

/** `{devicePrefix}/{deviceName|+}/command`: the devices' commands, so it can show its calls. */
export function benchMaySubscribeAsDevice(devicePrefix: string, filter: string): boolean {
  if (!filter.startsWith(`${devicePrefix}/`)) return false;
  const parts = filter.slice(devicePrefix.length + 1).split('/');
  return (
    parts.length === 2 && (parts[0] === '+' || DEVICE_NAME.test(parts[0] ?? '')) && parts[1] === 'command'
  );
}

/** `{prefix}/{manufacturer|+}/{serialNumber|+}/{order|instantActions}`: the robots' commands, so it can obey. */
export function benchMaySubscribe(prefix: string, filter: string): boolean {
  const levels = robotLevels(prefix, filter);
  if (!levels) return false;
  const level = (l: string) => l === '+' || TOPIC_LEVEL.test(l);
  return level(levels[0]) && level(levels[1]) && COMMANDS.has(levels[2]);
}

function robotLevels(prefix: string, topic: string): [string, string, string] | null {
  if (!topic.startsWith(`${prefix}/`)) return null;
  const parts = topic.slice(prefix.length + 1).split('/');
  return parts.length === 3 ? (parts as [string, string, string]) : null;
}

/**
 * Remembers whether a topic may be published on: the load-test login publishes 30,000 messages a second on
 * the same 40,000 topics. At most `max` are kept; past that the memory starts again.
 */
class TopicVerdicts {
  private readonly verdicts = new Map<string, boolean>();

  constructor(
    private readonly check: (topic: string) => boolean,
    private readonly max = 200_000,
  ) {}

  allowed(topic: string): boolean {
    let v = this.verdicts.get(topic);
    if (v === undefined) {
      if (this.verdicts.size >= this.max) this.verdicts.clear();
      v = this.check(topic);
      this.verdicts.set(topic, v);
    }
    return v;
  }
}

/**
 * The load-test login as the embedded broker's extra login, for robots under `prefix` and devices under
 * `devicePrefix`. `robotTelemetry`, when given, says at once that a topic is a registered robot's telemetry (the
 * ingest's own routes, looked up once for the check and the message).
 */
export function benchBrokerLogin(
  bench: BenchLogin,
  prefix: string,
  devicePrefix: string,
  robotTelemetry?: (topic: string) => boolean,
): ExtraBrokerLogin {
  const clients = new WeakSet<Client>();
  const topics = new TopicVerdicts(
    (topic) => benchMayPublish(prefix, topic) || benchMayPublishAsDevice(devicePrefix, topic),
  );
  return {
    // A robot's username always holds a `/`, the bench login's never does: the two cannot be confused.
    claims: (username) => username === bench.username,
    accept: (client, username, password) => {
      if (!isBenchLogin(bench, username, password)) return false;
      clients.add(client);
      return true;
    },
    owns: (client) => clients.has(client),
    mayPublish: (topic) => robotTelemetry?.(topic) || topics.allowed(topic),
    maySubscribe: (filter) =>
      benchMaySubscribe(prefix, filter) || benchMaySubscribeAsDevice(devicePrefix, filter),
  };
}
