import { createServer, Socket } from 'node:net';
import { Aedes } from 'aedes';
import { connectAsync, type MqttClient } from 'mqtt';

export interface TestBroker {
  url: string;
  broker: Aedes;
  /** Logins the broker saw, `username:password`. */
  logins: string[];
  /** Cuts a client's socket without a DISCONNECT, as a crash or a pulled cable would. */
  cut(clientId: string): void;
  close(): Promise<void>;
}

/** An in-process aedes broker on a free port. */
export async function startBroker(): Promise<TestBroker> {
  const broker = await Aedes.createBroker();
  const logins: string[] = [];
  broker.authenticate = (_client, username, password, done) => {
    logins.push(`${username ?? ''}:${password?.toString() ?? ''}`);
    done(null, true);
  };
  const sockets: Socket[] = [];
  const byClient = new Map<string, Socket>();
  broker.on('client', (client) => {
    if (client.conn instanceof Socket) byClient.set(client.id, client.conn);
  });
  const server = createServer((socket) => {
    sockets.push(socket);
    broker.handle(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    broker,
    logins,
    cut: (clientId) => {
      const socket = byClient.get(clientId);
      if (!socket) throw new Error(`no client ${clientId}`);
      socket.destroy();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

export interface Received {
  topic: string;
  json: unknown;
  retain: boolean;
}

/** A plain MQTT subscriber that records everything and can wait, with a deadline, for a message. */
export class Recorder {
  readonly messages: Received[] = [];
  private waiters: Array<() => void> = [];

  private constructor(readonly client: MqttClient) {
    client.on('message', (topic, payload, packet) => {
      let json: unknown = null;
      if (payload.length > 0) json = JSON.parse(payload.toString('utf8'));
      this.messages.push({ topic, json, retain: packet.retain });
      for (const w of this.waiters) w();
    });
  }

  static async connect(url: string, filter: string): Promise<Recorder> {
    const client = await connectAsync(url, { clientId: `recorder-${Math.random().toString(16).slice(2)}` });
    const r = new Recorder(client);
    await client.subscribeAsync(filter, { qos: 1 });
    return r;
  }

  /** Resolves with the first message (already seen or coming) that matches; rejects after `timeoutMs`. */
  waitFor(match: (m: Received) => boolean, what: string, timeoutMs = 5000): Promise<Received> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.find(match);
        if (!found) return false;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      if (!check()) this.waiters.push(check);
    });
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}
