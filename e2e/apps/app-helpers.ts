import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that keeps what it is sent and answers 204. */
export async function startReceiver(): Promise<{
  url: string;
  received: Delivery[];
  close: () => Promise<void>;
}> {
  const received: Delivery[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Checks a delivery's signature as the Standard Webhooks specification defines it, written here from the
 * specification rather than with the server's code: HMAC-SHA256, keyed with the base64 part of `whsec_…`, over
 * `{webhook-id}.{webhook-timestamp}.{body}`, sent as `v1,<base64>`.
 */
export function signatureValid(secret: string, delivery: Delivery): boolean {
  const id = String(delivery.headers['webhook-id'] ?? '');
  const timestamp = String(delivery.headers['webhook-timestamp'] ?? '');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${delivery.body}`).digest('base64');
  const given = String(delivery.headers['webhook-signature'] ?? '')
    .split(' ')
    .map((s) => s.split(',')[1]);
  return given.includes(expected);
}

/** Reads the QR code drawn in `canvas` from a screenshot of it, as a phone's camera would. */
export async function decodeQr(canvas: Locator): Promise<string | null> {
  const png = PNG.sync.read(await canvas.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return found?.data ?? null;
}
