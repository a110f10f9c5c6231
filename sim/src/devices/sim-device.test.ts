import { randomUUID } from 'node:crypto';
import {
  type DeviceCommand,
  deviceConnection,
  deviceEvent,
  deviceHeartbeat,
} from '@fleet/contract/devices-link';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Received, Recorder, startBroker, type TestBroker } from '../test-support/broker.js';
import { SimDevice, type SimDeviceOptions } from './sim-device.js';

let broker: TestBroker;
let recorder: Recorder;
let devices: SimDevice[];

beforeEach(async () => {
  broker = await startBroker();
  recorder = await Recorder.connect(broker.url, 'devices/v1/#');
  devices = [];
});
afterEach(async () => {
  // The MQTT client's clean end waits on a timeout of its own.
  vi.useRealTimers();
  for (const d of devices) await d.stop();
  await recorder.close();
  await broker.close();
});

async function startDevice(opts: Partial<SimDeviceOptions> = {}): Promise<SimDevice> {
  const device = new SimDevice({ url: broker.url, name: 'B-1', password: 'secret', battery: 80, ...opts });
  devices.push(device);
  await device.start();
  return device;
}

/**
 * Steps the device's clock instead of waiting: its heartbeats, its delayed ack and the time itself. Its keepalive
 * is off, or the broker's keepalive timer (armed on the fake clock) would expire while the clock jumps.
 */
function useFakeClock(): Partial<SimDeviceOptions> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  return { keepaliveS: 0 };
}

const on = (kind: string) => (m: Received) => m.topic === `devices/v1/B-1/${kind}`;
const connectionIs = (state: string) => (m: Received) =>
  on('connection')(m) && (m.json as { connectionState: string }).connectionState === state;

/** The console's side: a command to the device, as QoS 1. */
const send = (payload: string) => recorder.client.publishAsync('devices/v1/B-1/command', payload, { qos: 1 });
const command = (body: Record<string, unknown>) => send(JSON.stringify(body));

const callState = (callId: string, state: string) =>
  command({
    type: 'callState',
    callId,
    state,
    robotName: 'R-1',
    queuePosition: null,
    timestamp: new Date().toISOString(),
  });

/** Resolves with the next command of that type the device takes. */
function nextCommand<T extends DeviceCommand['type']>(
  device: SimDevice,
  type: T,
): Promise<Extract<DeviceCommand, { type: T }>> {
  return new Promise((resolve) => {
    const off = device.onCommand((c) => {
      if (c.type !== type) return;
      off();
      resolve(c as Extract<DeviceCommand, { type: T }>);
    });
  });
}

/** A round trip through the broker: what the device published before it has been delivered. */
async function settle(): Promise<void> {
  const id = randomUUID();
  await recorder.client.publishAsync('devices/v1/probe/probe', JSON.stringify(id), { qos: 1 });
  await recorder.waitFor((m) => m.json === id, 'the probe');
}

describe('simulated mini device', () => {
  it('logs in as its topic root, says ONLINE (retained) and sends its first heartbeat at once', async () => {
    await startDevice({ firmware: '2.1.0', rssi: -70 });
    expect(broker.logins).toContain('devices/v1/B-1:secret');
    const online = await recorder.waitFor(connectionIs('ONLINE'), 'ONLINE');
    expect(deviceConnection.safeParse(online.json).success).toBe(true);
    const beat = await recorder.waitFor(on('heartbeat'), 'a heartbeat');
    const parsed = deviceHeartbeat.parse(beat.json);
    expect(parsed).toMatchObject({ battery: 80, firmware: '2.1.0' });
    expect(parsed.rssi).toBeGreaterThanOrEqual(-74);
    expect(parsed.rssi).toBeLessThanOrEqual(-66);

    const late = await Recorder.connect(broker.url, 'devices/v1/B-1/connection');
    const retained = await late.waitFor(() => true, 'the retained connection');
    await late.close();
    expect(retained).toMatchObject({ retain: true, json: { connectionState: 'ONLINE' } });
  });

  it('reports mains power and a silent radio as null', async () => {
    await startDevice({ battery: null, rssi: null });
    const beat = await recorder.waitFor(on('heartbeat'), 'a heartbeat');
    expect(deviceHeartbeat.parse(beat.json)).toMatchObject({ battery: null, rssi: null });
  });

  it('sends press, cancel and ack as QoS 1 events, each with its own eventId', async () => {
    const qos: number[] = [];
    broker.broker.on('publish', (packet, client) => {
      if (client && packet.topic === 'devices/v1/B-1/event') qos.push(packet.qos);
    });
    const device = await startDevice();
    const sent = [await device.press(), await device.cancel(), await device.ack()];
    await recorder.waitFor(() => recorder.messages.filter(on('event')).length === 3, 'three events');
    const events = recorder.messages.filter(on('event')).map((m) => deviceEvent.parse(m.json));
    expect(events.map((e) => e.type)).toEqual(['press', 'cancel', 'ack']);
    expect(events.map((e) => e.eventId)).toEqual(sent.map((e) => e.eventId));
    expect(new Set(events.map((e) => e.eventId)).size).toBe(3);
    expect(qos).toEqual([1, 1, 1]);
  });

  it('leaves CONNECTIONBROKEN (retained) as its last will when its connection is cut', async () => {
    await startDevice();
    await recorder.waitFor(connectionIs('ONLINE'), 'ONLINE');
    broker.cut('device-B-1');
    const will = await recorder.waitFor(connectionIs('CONNECTIONBROKEN'), 'the last will');
    expect(deviceConnection.safeParse(will.json).success).toBe(true);

    const late = await Recorder.connect(broker.url, 'devices/v1/B-1/connection');
    const retained = await late.waitFor(() => true, 'the retained connection');
    await late.close();
    expect(retained).toMatchObject({ retain: true, json: { connectionState: 'CONNECTIONBROKEN' } });
  });

  it('says OFFLINE (retained) on a clean stop, and no last will follows', async () => {
    const device = await startDevice();
    await recorder.waitFor(connectionIs('ONLINE'), 'ONLINE');
    await device.stop();
    const offline = await recorder.waitFor(connectionIs('OFFLINE'), 'OFFLINE');
    expect(deviceConnection.safeParse(offline.json).success).toBe(true);

    const late = await Recorder.connect(broker.url, 'devices/v1/B-1/connection');
    const retained = await late.waitFor(() => true, 'the retained connection');
    await late.close();
    await settle();
    expect(retained).toMatchObject({ retain: true, json: { connectionState: 'OFFLINE' } });
    expect(recorder.messages.filter(connectionIs('CONNECTIONBROKEN'))).toEqual([]);
    await expect(device.press()).rejects.toThrow('not started');
  });

  it('acks a call ackArrivedAfterMs after the robot arrived, as the person it served would', async () => {
    const device = await startDevice({ ...useFakeClock(), ackArrivedAfterMs: 30_000 });
    const callId = randomUUID();
    const taken = nextCommand(device, 'callState');
    await callState(callId, 'arrived');
    await taken;
    expect(device.lastCallState).toMatchObject({ callId, state: 'arrived', robotName: 'R-1' });
    const arrivedAt = Date.now();

    vi.advanceTimersByTime(29_999);
    await settle();
    expect(recorder.messages.filter(on('event'))).toEqual([]);
    vi.advanceTimersByTime(1);
    const ack = deviceEvent.parse((await recorder.waitFor(on('event'), 'the ack')).json);
    expect(ack.type).toBe('ack');
    expect(Date.parse(ack.timestamp) - arrivedAt).toBe(30_000);
  });

  it('does not ack a call that ended before anyone served the robot', async () => {
    const device = await startDevice({ ...useFakeClock(), ackArrivedAfterMs: 30_000 });
    const callId = randomUUID();
    let taken = nextCommand(device, 'callState');
    await callState(callId, 'arrived');
    await taken;
    taken = nextCommand(device, 'callState');
    await callState(callId, 'cancelled');
    await taken;
    expect(device.lastCallState?.state).toBe('cancelled');

    vi.advanceTimersByTime(60_000);
    await settle();
    expect(recorder.messages.filter(on('event'))).toEqual([]);
  });

  it('identifies itself for the seconds asked, and ignores what is not a command', async () => {
    const device = await startDevice(useFakeClock());
    const seen: DeviceCommand[] = [];
    device.onCommand((c) => seen.push(c));
    const unsubscribed: DeviceCommand[] = [];
    device.onCommand((c) => unsubscribed.push(c))();
    expect(device.identifying).toBe(false);

    const taken = nextCommand(device, 'identify');
    await send('"not a command"');
    await command({ type: 'identify', seconds: 0, timestamp: new Date().toISOString() });
    await command({ type: 'identify', seconds: 5, timestamp: new Date().toISOString() });
    await taken;
    expect(seen).toEqual([expect.objectContaining({ type: 'identify', seconds: 5 })]);
    expect(unsubscribed).toEqual([]);
    expect(device.identifying).toBe(true);
    vi.advanceTimersByTime(4_999);
    expect(device.identifying).toBe(true);
    vi.advanceTimersByTime(1);
    expect(device.identifying).toBe(false);
  });

  it('drains its battery between heartbeats, never below 0', async () => {
    await startDevice({ ...useFakeClock(), battery: 1.5, drainPerHour: 60, heartbeatS: 60 });
    const beats = () => recorder.messages.filter(on('heartbeat')).map((m) => deviceHeartbeat.parse(m.json));
    await recorder.waitFor(on('heartbeat'), 'the first heartbeat');
    for (const n of [2, 3]) {
      vi.advanceTimersByTime(60_000);
      await recorder.waitFor(() => beats().length === n, `heartbeat ${n}`);
    }
    const sent = beats();
    expect(sent.map((b) => b.battery)).toEqual([1.5, 0.5, 0]);
    const first = Date.parse(sent[0]?.timestamp ?? '');
    expect(sent.map((b) => Date.parse(b.timestamp) - first)).toEqual([0, 60_000, 120_000]);
  });
});
