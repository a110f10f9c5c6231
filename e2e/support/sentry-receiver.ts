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
    if (req.method === 'GET' && req.url === '/__envelopes') {
      return res
        .writeHead(200, { 'content-type': 'application/json', ...cors })
        .end(JSON.stringify(envelopes));
    }
    if (req.method === 'DELETE' && req.url === '/__envelopes') {
      envelopes.length = 0;
      return res.writeHead(204, cors).end();
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      envelopes.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json', ...cors }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(SENTRY_PORT, '127.0.0.1', () => resolve(server)));
}
