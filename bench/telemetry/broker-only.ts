/**
 * The broker alone, for the ceiling of bench/telemetry.ts: the server's embedded broker (same code, same
 * login checks, the bench login on) with the server's own in-process subscription to every robot topic, whose
 * handler only counts. No ingest, no live store, no database, no browsers. Its packets go through mqtt-packet's
 * parser alone (`stockParser`), as aedes publishes it: the yardstick stays the broker the issue measured, not the
 * server's short way for publications (fleet/publish-parser.ts), which is part of the server's work.
 *
 *   node --import tsx bench/telemetry/broker-only.ts <port> <bench password>
 *
 * Prints `ready <port>`, then once a second a JSON line {"received": total so far}; stops on SIGTERM.
 */
import pino from 'pino';
import { benchBrokerLogin } from '../../server/src/fleet/bench-login.js';
import { startEmbeddedBroker } from '../../server/src/fleet/embedded-broker.js';
import { embeddedBus } from '../../server/src/fleet/fleet-bus.js';

const [portArg, password] = process.argv.slice(2);
if (!portArg || !password) {
  process.stderr.write('usage: broker-only.ts <port> <bench password>\n');
  process.exit(2);
}
const prefix = 'uagv/v2';
const broker = await startEmbeddedBroker({
  port: Number(portArg),
  host: '127.0.0.1',
  prefix,
  peripheralPrefixes: { lifts: 'lifts/v1', devices: 'devices/v1' },
  checkLogin: async () => null,
  extraLogin: benchBrokerLogin({ username: 'bench', password }, prefix, 'devices/v1'),
  refused: (reason) => process.stderr.write(`broker-only: refused (${reason})\n`),
  log: pino({ level: 'warn' }),
  stockParser: true,
});
const bus = embeddedBus(broker.aedes, prefix);
let received = 0;
await bus.listen(() => {
  received++;
});
process.stdout.write(`ready ${broker.port}\n`);
const timer = setInterval(() => process.stdout.write(`${JSON.stringify({ received })}\n`), 1000);
process.once('SIGTERM', () => {
  clearInterval(timer);
  void bus
    .close()
    .then(() => broker.close())
    .then(() => process.exit(0));
  setTimeout(() => process.exit(1), 10_000).unref();
});
