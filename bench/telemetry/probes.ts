import mqtt, { type MqttClient } from 'mqtt';
import type { DelayRecorder } from './delay-recorder.js';
import { MANUFACTURER, probeSerial } from './fleet-db.js';

const PREFIX = 'uagv/v2';
/** A probe sends what a simulated robot sends (visualization 2/s, state 1/s), never two in one tick. */
const STEP_MS = 250;

/**
 * Registered robots on their own MQTT connections and logins, as real robots connect, whose x position is
 * a sequence number: the browsers can tell exactly which publication a batch reflects.
 */
export class Probes {
  private readonly clients: MqttClient[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private sent = 0;
  private stopped = false;

  constructor(
    private readonly recorder: DelayRecorder,
    private readonly count: number,
  ) {}

  get published(): number {
    return this.sent;
  }

  async start(brokerUrl: string, password: string, mapId: string): Promise<void> {
    for (let i = 0; i < this.count; i++) {
      const serial = probeSerial(i);
      const client = await mqtt.connectAsync(brokerUrl, {
        clientId: `bench-${serial}`,
        username: `${MANUFACTURER}/${serial}`,
        password,
        reconnectPeriod: 0,
        connectTimeout: 10_000,
      });
      this.clients.push(client);
      const topic = (kind: string) => `${PREFIX}/${MANUFACTURER}/${serial}/${kind}`;
      const header = (id: number) =>
        `"headerId":${id},"timestamp":"${new Date().toISOString()}","version":"2.0.0",` +
        `"manufacturer":"${MANUFACTURER}","serialNumber":"${serial}"`;
      await client.publishAsync(topic('connection'), `{${header(0)},"connectionState":"ONLINE"}`, {
        qos: 1,
        retain: true,
      });
      let seq = 0;
      let step = 0;
      const tick = () => {
        const kind = step % 2 === 0 ? 'visualization' : step % 4 === 1 ? 'state' : null;
        step++;
        if (!kind || !client.connected) return;
        seq++;
        const position = `"agvPosition":{"x":${seq},"y":${i},"theta":0,"mapId":"${mapId}","positionInitialized":true}`;
        const body =
          kind === 'visualization'
            ? `{${header(seq)},${position},"velocity":{"vx":0,"vy":0,"omega":0}}`
            : `{${header(seq)},"orderId":"","orderUpdateId":0,"lastNodeId":"","lastNodeSequenceId":0,` +
              `"nodeStates":[],"edgeStates":[],${position},"driving":false,"paused":false,` +
              `"operatingMode":"AUTOMATIC","batteryState":{"batteryCharge":80,"charging":false},` +
              `"errors":[],"actionStates":[]}`;
        this.recorder.published(i, seq, performance.now());
        client.publish(topic(kind), body, { qos: 0 });
        this.sent++;
      };
      // Spread the probes over the step so they do not all publish in the same millisecond.
      const start = setTimeout(
        () => {
          if (!this.stopped) this.timers.push(setInterval(tick, STEP_MS));
        },
        (i * STEP_MS) / this.count,
      );
      this.timers.push(start);
    }
  }

  /** Stops publishing and deletes the retained connection messages, leaving nothing behind on the broker. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) {
      clearTimeout(t);
      clearInterval(t);
    }
    await Promise.all(
      this.clients.map(async (c, i) => {
        if (!c.connected) return c.end(true);
        await c
          .publishAsync(`${PREFIX}/${MANUFACTURER}/${probeSerial(i)}/connection`, '', {
            qos: 1,
            retain: true,
          })
          .catch(() => {});
        await c.endAsync();
      }),
    );
    this.clients.length = 0;
  }
}
