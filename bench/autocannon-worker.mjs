// Load generator for bench/http-api.ts and bench/api-apps.ts, run as its own process so it never shares the
// server's event loop.
// Usage: node bench/autocannon-worker.mjs '{"url":"…","headers":{},"connections":50,"warmup":2,"duration":10}'
// Optional "rotate": [{…headers}, …]: each connection sends its requests with these headers in turn (added to
// "headers"), e.g. several bearer tokens; the requests are built once, so rotating costs the generator nothing.
// Runs a warm-up (discarded), then the measured run, and prints the measured figures as one JSON line.
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2] ?? '{}');
if (typeof opts.url !== 'string') {
  process.stderr.write('autocannon-worker: give {"url", "headers", "connections", "warmup", "duration"}\n');
  process.exit(2);
}

const base = {
  url: opts.url,
  headers: opts.headers ?? {},
  connections: opts.connections ?? 50,
  pipelining: 1,
  timeout: 10,
  ...(Array.isArray(opts.rotate) && opts.rotate.length
    ? { requests: opts.rotate.map((headers) => ({ headers })) }
    : {}),
};

if (opts.warmup > 0) await autocannon({ ...base, duration: opts.warmup });
// Tells the parent that the measured part starts now (it samples the server's event loop and CPU from here).
process.stdout.write(`${JSON.stringify({ phase: 'measure' })}\n`);
const r = await autocannon({ ...base, duration: opts.duration ?? 10 });

const out = {
  url: r.url,
  connections: r.connections,
  duration: r.duration,
  requestsPerSecond: r.requests.average,
  totalRequests: r.requests.total,
  latencyMs: {
    mean: r.latency.average,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
  },
  status2xx: r['2xx'],
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
