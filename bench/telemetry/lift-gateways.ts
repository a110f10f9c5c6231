import mqtt, { type MqttClient } from 'mqtt';
import type { BenchLift } from './lift-db.js';

const FLOORS = Array.from({ length: 10 }, (_, i) => String(i));
const PERIOD_MS = 1000;

/**
 * Lift gateways as vendors' group controllers connect: one MQTT login per gateway, each of its cars reporting
 * its state once a second on the documented topics (docs/protocols.md, "The lift link"). Every state moves the
 * car to the next floor, so every one is a change the browsers must be sent; the floor code tells them which
 * publication they see, and `publishedAt` when it left.
 */
export class LiftGateways {
  private readonly clients: MqttClient[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  /** `${liftId}:${floor}` → when the state that put the car there was published (performance.now()). */
  readonly publishedAt = new Map<string, number>();
  private sent = 0;
  private stopped = false;

  get published(): number {
    return this.sent;
  }

  async start(brokerUrl: string, prefix: string, lifts: BenchLift[], password: string): Promise<void> {
    const byGateway = new Map<string, BenchLift[]>();
    for (const l of lifts) byGateway.set(l.gatewayId, [...(byGateway.get(l.gatewayId) ?? []), l]);
    let index = 0;
    for (const [gatewayId, cars] of byGateway) {
      const root = `${prefix}/${gatewayId}`;
      const client = await mqtt.connectAsync(brokerUrl, {
        clientId: `bench-lift-${gatewayId}`,
        username: root,
        password,
        reconnectPeriod: 0,
        connectTimeout: 10_000,
      });
      this.clients.push(client);
      await client.publishAsync(
        `${root}/connection`,
        JSON.stringify({ connectionState: 'ONLINE', timestamp: new Date().toISOString() }),
        { qos: 1 },
      );
      for (const car of cars) {
        let seq = 0;
        const tick = () => {
          if (this.stopped || !client.connected) return;
          seq++;
          const floor = FLOORS[seq % FLOORS.length] ?? '0';
          const body = JSON.stringify({
            liftName: car.liftName,
            availableFloors: FLOORS,
            currentFloor: floor,
            destinationFloor: null,
            doorState: 'closed',
            motion: 'stopped',
            availableModes: ['human', 'agv'],
            currentMode: 'human',
            sessionId: null,
            timestamp: new Date().toISOString(),
          });
          this.publishedAt.set(`${car.id}:${floor}`, performance.now());
          client.publish(`${root}/${car.liftName}/state`, body, { qos: 0 });
          this.sent++;
        };
        // Spread the cars over the second so they do not all report in the same millisecond.
        const offset = (index++ * PERIOD_MS) / lifts.length;
        this.timers.push(
          setTimeout(() => {
            if (!this.stopped) this.timers.push(setInterval(tick, PERIOD_MS));
          }, offset),
        );
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    await Promise.all(this.clients.map((c) => c.endAsync(true).catch(() => {})));
  }
}
