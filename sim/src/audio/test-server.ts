import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AudioManifest } from '@fleet/contract';

/** A file the server serves: its bytes, and what a manifest says of it (by default the truth). */
export interface TestFile {
  clipId: string;
  path: string;
  bytes: Buffer;
  /** Listed in the manifest; the real checksum unless a test lies. */
  sha256: string;
  sizeBytes: number;
  durationMs: number;
}

/** A fresh file of `size` random bytes at `/files/{name}`. */
export function testFile(name: string, size = 20_000, durationMs = 2000): TestFile {
  const bytes = randomBytes(size);
  return {
    clipId: randomUUID(),
    path: `/files/${name}`,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    sizeBytes: size,
    durationMs,
  };
}

/**
 * The console's side of a download, for tests: manifests and files over node:http on a free port, counting
 * every request. A gated file is held (headers not sent) until the test releases it, to see how many a robot
 * fetches at once.
 */
export class AudioTestServer {
  /** Requests per path. */
  readonly hits = new Map<string, number>();
  /** Gated requests being answered at most at once. */
  maxInFlight = 0;
  private readonly routes = new Map<string, { status: number; body: Buffer; gated: boolean }>();
  private inFlight = 0;
  private readonly held: Array<() => void> = [];
  private heldWaiters: Array<() => void> = [];
  private readonly server = createServer((req, res) => this.answer(req.url ?? '/', res));
  base = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Serves the file's bytes at its path (or `bytes` instead, to serve the wrong ones). */
  serveFile(f: TestFile, opts: { bytes?: Buffer; gated?: boolean } = {}): void {
    this.routes.set(f.path, { status: 200, body: opts.bytes ?? f.bytes, gated: opts.gated ?? false });
  }

  /** Serves a manifest of `files` at `/manifests/{name}.json` (or a bare status); returns its URL. */
  serveManifest(
    name: string,
    group: { groupId: string; version: number },
    files: readonly TestFile[],
    status = 200,
  ): string {
    const manifest: AudioManifest = {
      groupId: group.groupId,
      name: `group ${name}`,
      kind: 'playlist',
      version: group.version,
      publishedAt: new Date().toISOString(),
      files: files.map((f) => ({
        clipId: f.clipId,
        url: `${this.base}${f.path}`,
        sha256: f.sha256,
        sizeBytes: f.sizeBytes,
        format: 'mp3',
        contentType: 'audio/mpeg',
        durationMs: f.durationMs,
      })),
      slots: [],
      playlist: null,
      rules: { timeZone: 'Europe/Berlin', quietHours: [], volumeCap: 80, silentInLift: true },
    };
    const path = `/manifests/${name}.json`;
    const body = status === 200 ? JSON.stringify(manifest) : `status ${status}`;
    this.routes.set(path, { status, body: Buffer.from(body), gated: false });
    return `${this.base}${path}`;
  }

  /** Waits until `held` requests are held, then answers the oldest. */
  async releaseOne(held = 1): Promise<void> {
    while (this.held.length < held) await new Promise<void>((resolve) => this.heldWaiters.push(resolve));
    this.held.shift()?.();
  }

  /** Answers every held request. */
  releaseAll(): void {
    for (const release of this.held.splice(0)) release();
  }

  private answer(url: string, res: ServerResponse): void {
    const path = new URL(url, 'http://x').pathname;
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    const route = this.routes.get(path);
    if (!route) {
      res.writeHead(404).end('not found');
      return;
    }
    const send = () => {
      res.writeHead(route.status, { 'content-length': route.body.length }).end(route.body);
    };
    if (!route.gated) {
      send();
      return;
    }
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    this.held.push(() => {
      this.inFlight--;
      send();
    });
    const waiters = this.heldWaiters;
    this.heldWaiters = [];
    for (const w of waiters) w();
  }
}
