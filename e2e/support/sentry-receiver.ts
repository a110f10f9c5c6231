import http from 'node:http';
import { SENTRY_PORT } from './ports.js';

/**
 * A stand-in for Sentry's ingest: stores every envelope the browser SDK posts, and hands them back at
 * GET /__envelopes so a test can assert what the console reported.
 */
export function startSentryReceiver(): Promise<http.Server> {
  const envelopes: string[] = [];
  const server = http.createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
    };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    const url = new URL(req.url ?? '/', 'http://receiver');
    if (req.method === 'GET' && url.pathname === '/__envelopes') {
      // Filtered here: the whole run's envelopes grow to many megabytes, too many to send for every poll.
      const needle = url.searchParams.get('with');
      return res
        .writeHead(200, { 'content-type': 'application/json', ...cors })
        .end(JSON.stringify(needle === null ? envelopes : envelopes.filter((e) => e.includes(needle))));
    }
    if (req.method === 'DELETE' && req.url === '/__envelopes') {
      envelopes.length = 0;
      return res.writeHead(204, cors).end();
    }
    const chunks: Buffer[] = [];
    // A browser closed at the end of its test may cut an upload short: that envelope is simply lost.
    req.on('error', () => {});
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      envelopes.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json', ...cors }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(SENTRY_PORT, '127.0.0.1', () => resolve(server)));
}
