import { randomUUID } from 'node:crypto';
import { type DeviceCommand, type DeviceEvent, deviceEvent } from '@fleet/contract/devices-link';
import { connectAsync, type MqttClient } from 'mqtt';

type CallState = Extract<DeviceCommand, { type: 'callState' }>['state'];

/**
 * The console's side of the device link, as far as calls go: it hears every device's events and, when told to,
 * answers a press with a call that a robot reaches at once (`assigned`, `arrived`) and ends it on the ack.
 */
export class DeviceConsole {
  /** Every event heard, with the device's name. */
  readonly events: Array<DeviceEvent & { device: string }> = [];
  /** Each device's open call. */
  private readonly open = new Map<string, string>();

  private constructor(
    private readonly client: MqttClient,
    private readonly prefix: string,
    answer: boolean,
  ) {
    client.on('message', (topic, payload) => {
      const device = topic.slice(prefix.length + 1, topic.lastIndexOf('/'));
      const event = deviceEvent.parse(JSON.parse(payload.toString('utf8')));
      this.events.push({ ...event, device });
      if (answer) void this.answer(device, event);
    });
  }

  /** @param answer serve every press (a robot arrives at once) and end the call on its ack */
  static async connect(url: string, { answer = true, prefix = 'devices/v1' } = {}): Promise<DeviceConsole> {
    const client = await connectAsync(url, { clientId: `console-${randomUUID()}` });
    await client.subscribeAsync(`${prefix}/+/event`, { qos: 1 });
    return new DeviceConsole(client, prefix, answer);
  }

  eventsOf(type: DeviceEvent['type']): Array<DeviceEvent & { device: string }> {
    return this.events.filter((e) => e.type === type);
  }

  /** Sends a device a callState of its call (a new call when it has none open); QoS 1, as the console does. */
  async callState(device: string, state: CallState): Promise<void> {
    const callId = this.open.get(device) ?? randomUUID();
    if (['done', 'cancelled', 'failed', 'expired'].includes(state)) this.open.delete(device);
    else this.open.set(device, callId);
    const command: DeviceCommand = {
      type: 'callState',
      callId,
      state,
      robotName: 'R-1',
      queuePosition: null,
      timestamp: new Date().toISOString(),
    };
    await this.client.publishAsync(`${this.prefix}/${device}/command`, JSON.stringify(command), { qos: 1 });
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }

  private async answer(device: string, event: DeviceEvent): Promise<void> {
    if (event.type === 'press' && !this.open.has(device)) {
      await this.callState(device, 'assigned');
      await this.callState(device, 'arrived');
    } else if (event.type === 'ack' && this.open.has(device)) {
      await this.callState(device, 'done');
    }
  }
}

/** Resolves once `check` holds, polling; rejects after `timeoutMs` naming what was awaited. */
export async function eventually(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
