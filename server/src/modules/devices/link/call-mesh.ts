import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ListenHandlers } from '../../../db/client.js';
import { AppError } from '../../../errors.js';
import type { Call } from '../calls/call-dispatch.js';

/** The PostgreSQL NOTIFY channel the instances speak about calls on. */
export const CALLS_CHANNEL = 'fc_device_calls';
/** How long an instance waits for the one carrying a building's calls to act on a request of its operators. */
const ASK_MS = 3000;
/** NOTIFY payloads must stay under 8,000 bytes: views go in messages of at most this much. */
const PAYLOAD_MAX = 7000;

/** How the instances reach each other: the database they share (LISTEN on a connection of its own, NOTIFY). */
export interface MeshTransport {
  listen(channel: string, handlers: ListenHandlers): Promise<{ close(): Promise<void> }>;
  notify(channel: string, payload: string): Promise<void>;
}

/** A device's open call as the instance carrying it shows it to the others. */
export interface SharedCall {
  call: Call;
  /** Its place in the building's queue now, and the place the device itself was last shown. */
  queuePosition: number | null;
  shownPosition: number | null;
}

type Message =
  | { t: 'views'; from: string; views: Array<{ deviceId: string; shared: SharedCall | null }> }
  | { t: 'hello'; from: string }
  | { t: 'reload'; from: string; deviceIds: string[] }
  | { t: 'gone'; from: string; deviceIds: string[] }
  | { t: 'press'; from: string; request: string; deviceId: string; detail: Record<string, unknown> }
  | { t: 'cancel'; from: string; request: string; deviceId: string; why: string }
  | { t: 'answer'; from: string; to: string; request: string; shared: SharedCall | null };

/** What the mesh asks of this instance's device link. */
export interface MeshHandlers {
  /** Whether this instance carries the device's calls. */
  owns(deviceId: string): boolean;
  press(deviceId: string, detail: Record<string, unknown>): SharedCall | null;
  /** The call cancelled (null when none was open). */
  cancel(deviceId: string, why: string): SharedCall | null;
  /** Another instance's call changed: this instance's /live views follow. */
  changed(deviceId: string): void;
  /** A new instance asks: every open call carried here is shown again. */
  showAll(): void;
  /** Devices another instance registered, edited or placed: read again. */
  reload(deviceIds: string[]): void;
  /** Devices another instance removed. */
  gone(deviceIds: string[]): void;
}

/**
 * Instances that share a fleet each carry the calls of some buildings (DEVICES-CALLS-ONE-OWNER). This is how they
 * speak: the carrier shows every change of its open calls to the others (their /device screens and /live views show
 * them), and an operator's test call or cancel made on another instance is handed to the carrier, whose answer
 * comes back. PostgreSQL NOTIFY carries it: every instance already listens on that database, and a message sent
 * in a transaction that failed is never heard.
 */
export class CallMesh {
  readonly id = randomUUID();
  private readonly remote = new Map<string, SharedCall>();
  private readonly asked = new Map<string, (shared: SharedCall | null) => void>();
  private readonly pending = new Map<string, SharedCall | null>();
  private flushing: NodeJS.Immediate | null = null;
  private link: { close(): Promise<void> } | null = null;

  private constructor(
    private readonly transport: MeshTransport,
    private readonly handlers: MeshHandlers,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Joins the mesh and says hello: the carriers show their open calls. */
  static async start(
    transport: MeshTransport,
    handlers: MeshHandlers,
    log: FastifyBaseLogger,
  ): Promise<CallMesh> {
    const mesh = new CallMesh(transport, handlers, log);
    mesh.link = await transport.listen(CALLS_CHANNEL, {
      onMessage: (payload) => mesh.heard(payload),
      onLink: (up) => {
        if (!up) log.warn('device calls: the link to the other instances is down');
      },
    });
    mesh.send({ t: 'hello', from: mesh.id });
    return mesh;
  }

  /** Another instance's open call of the device, as last shown. */
  remoteCall(deviceId: string): SharedCall | undefined {
    return this.remote.get(deviceId);
  }

  /** The device's calls are carried here now: what another instance showed of them is dropped. */
  forget(deviceId: string): void {
    this.remote.delete(deviceId);
  }

  /** Shows the others a device's open call (null: none), gathered with the others changed in the same turn. */
  share(deviceId: string, shared: SharedCall | null): void {
    this.pending.set(deviceId, shared);
    this.flushing ??= setImmediate(() => this.flush());
  }

  /** Devices changed here (registered, edited, placed): the others read them again. */
  changedDevices(deviceIds: string[]): void {
    if (deviceIds.length) this.send({ t: 'reload', from: this.id, deviceIds });
  }

  /** A device removed here: the others forget it. */
  goneDevice(deviceId: string): void {
    this.send({ t: 'gone', from: this.id, deviceIds: [deviceId] });
  }

  /** A test call made on this instance for a device another carries: the carrier's answer. */
  press(deviceId: string, detail: Record<string, unknown>): Promise<SharedCall | null> {
    return this.ask({ t: 'press', from: this.id, request: randomUUID(), deviceId, detail });
  }

  cancel(deviceId: string, why: string): Promise<SharedCall | null> {
    return this.ask({ t: 'cancel', from: this.id, request: randomUUID(), deviceId, why });
  }

  async close(): Promise<void> {
    if (this.flushing) clearImmediate(this.flushing);
    this.flush();
    for (const answer of this.asked.values()) answer(null);
    await this.link?.close();
  }

  private ask(message: Extract<Message, { request: string }>): Promise<SharedCall | null> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.asked.delete(message.request);
        // The instances are changing (one stopped, another takes its buildings over): a moment later it works.
        reject(
          new AppError(
            'UNAVAILABLE',
            'No console instance carries this device’s calls right now; try again shortly',
            {
              'Retry-After': '2',
            },
          ),
        );
      }, ASK_MS);
      this.asked.set(message.request, (shared) => {
        clearTimeout(timer);
        this.asked.delete(message.request);
        resolve(shared);
      });
      this.send(message);
    });
  }

  private flush(): void {
    this.flushing = null;
    let views: Array<{ deviceId: string; shared: SharedCall | null }> = [];
    let size = 0;
    for (const [deviceId, shared] of this.pending) {
      const view = { deviceId, shared };
      const bytes = JSON.stringify(view).length;
      if (views.length && size + bytes > PAYLOAD_MAX) {
        this.send({ t: 'views', from: this.id, views });
        views = [];
        size = 0;
      }
      views.push(view);
      size += bytes;
    }
    this.pending.clear();
    if (views.length) this.send({ t: 'views', from: this.id, views });
  }

  private send(message: Message): void {
    this.transport
      .notify(CALLS_CHANNEL, JSON.stringify(message))
      .catch((err: unknown) =>
        this.log.warn({ err }, 'device calls: a message to the other instances was lost'),
      );
  }

  private heard(payload: string): void {
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    // Every instance hears its own messages too.
    if (message.from === this.id) return;
    switch (message.t) {
      case 'views':
        for (const { deviceId, shared } of message.views) {
          if (this.handlers.owns(deviceId)) continue;
          if (shared) this.remote.set(deviceId, shared);
          else this.remote.delete(deviceId);
          this.handlers.changed(deviceId);
        }
        return;
      case 'hello':
        this.handlers.showAll();
        return;
      case 'reload':
        this.handlers.reload(message.deviceIds);
        return;
      case 'gone':
        this.handlers.gone(message.deviceIds);
        return;
      case 'press':
      case 'cancel': {
        if (!this.handlers.owns(message.deviceId)) return;
        const shared =
          message.t === 'press'
            ? this.handlers.press(message.deviceId, message.detail)
            : this.handlers.cancel(message.deviceId, message.why);
        this.send({ t: 'answer', from: this.id, to: message.from, request: message.request, shared });
        return;
      }
      case 'answer':
        if (message.to === this.id) this.asked.get(message.request)?.(message.shared);
        return;
    }
  }
}
