import net from 'node:net';

/**
 * A TCP hop between a robot and the broker that can go silent without closing anything, as a cut cable or
 * a dead Wi-Fi link does: the broker then only notices through the MQTT keepalive.
 */
export class TcpRelay {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private silent = false;

  private constructor(targetPort: number) {
    this.server = net.createServer((inbound) => {
      const outbound = net.connect(targetPort, '127.0.0.1');
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on('error', () => undefined);
        s.on('close', () => this.sockets.delete(s));
      }
      inbound.on('data', (chunk) => {
        if (!this.silent) outbound.write(chunk);
      });
      outbound.on('data', (chunk) => {
        if (!this.silent) inbound.write(chunk);
      });
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
    });
  }

  static async start(targetPort: number): Promise<TcpRelay> {
    const relay = new TcpRelay(targetPort);
    await new Promise<void>((resolve) => relay.server.listen(0, '127.0.0.1', resolve));
    return relay;
  }

  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  /** From now on nothing passes either way, and no connection is closed. */
  goSilent(): void {
    this.silent = true;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
