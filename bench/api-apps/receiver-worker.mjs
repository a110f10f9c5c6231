// The webhook receivers of bench/api-apps.ts, in a worker thread of the bench process: receiving 10,000 deliveries a
// second on the bench's own event loop would delay the /live browsers measured beside them. Each receiver is an HTTP
// server on a port of its own; it checks the delivery's signature (Standard Webhooks: HMAC-SHA256 over
// `id.timestamp.body` with the secret's bytes), answers 204 at once, and the deliveries go to the main thread every
// 20 ms as rows: [receiver, arrived (epoch ms, fractional), webhook-id, type, timestamp, robotId, code].
import { createHmac } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const count = workerData.count;
// The receivers stand for integrators' servers, which do not run on the console's machine: when the 2 cores are short,
// they wait (nice, as the telemetry bench's simulator does). On Linux the nice value is this thread's own.
if (workerData.nice && process.platform === 'linux') os.setPriority(workerData.nice);
const keys = Array.from({ length: count }, () => null);
const servers = [];
let rows = [];
let badSignatures = 0;

function take(receiver, at, headers, body) {
  const id = String(headers['webhook-id'] ?? '');
  const key = keys[receiver];
  if (key) {
    const expected = `v1,${createHmac('sha256', key).update(`${id}.${headers['webhook-timestamp']}.${body}`).digest('base64')}`;
    if (
      !String(headers['webhook-signature'] ?? '')
        .split(' ')
        .includes(expected)
    )
      badSignatures++;
  }
  const event = JSON.parse(body);
  rows.push([
    receiver,
    at,
    id,
    event.type,
    event.timestamp,
    event.data?.robotId ?? null,
    event.data?.code ?? null,
  ]);
}

for (let i = 0; i < count; i++) {
  const server = http.createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = performance.timeOrigin + performance.now();
      res.writeHead(204).end();
      take(i, at, req.headers, Buffer.concat(chunks).toString('utf8'));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
}

setInterval(() => {
  if (!rows.length) return;
  parentPort.postMessage({ t: 'rows', rows, badSignatures });
  rows = [];
}, 20);

// How busy this thread was between two `load` questions: event-loop utilisation and delay p99 (ms).
let elu = performance.eventLoopUtilization();
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

parentPort.on('message', (m) => {
  if (m.t === 'load') {
    const now = performance.eventLoopUtilization(elu);
    elu = performance.eventLoopUtilization();
    parentPort.postMessage({
      t: 'load',
      utilization: now.utilization,
      delayP99Ms: delay.percentile(99) / 1e6,
    });
    delay.reset();
  }
  if (m.t === 'secret') keys[m.receiver] = Buffer.from(String(m.secret).replace(/^whsec_/, ''), 'base64');
  if (m.t === 'stop') {
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
    process.exit(0);
  }
});
parentPort.postMessage({ t: 'ready', ports: servers.map((s) => s.address().port) });
