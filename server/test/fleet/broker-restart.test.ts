import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeLiveFrame } from '@fleet/contract/live-frame';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTopology, type Topology } from '../../src/ops/topology/start-topology.js';
import { freshDatabase } from '../helper.js';
import { eventually } from './fleet-helpers.js';
import { freePorts, topicsOfRun } from './topology-helpers.js';
import { state } from './vda-samples.js';

const tools = spawnSync('haproxy', ['-v']).status === 0 && spawnSync('mosquitto', ['-h']).status !== null;

/**
 * Issue 20's fault "restart the broker": two instances behind HAProxy on a broker of the test's own (the machine's
 * Mosquitto serves every other test file, so it is not the one restarted). The broker is killed and started again;
 * the robot (which reconnects as robots do) and the instances resume, and a browser's /live view shows the robot's
 * new state within 10 s of the broker being back (FLEET-BEHIND-A-BALANCER).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !tools)(
  'a broker restart (FLEET-BEHIND-A-BALANCER)',
  () => {
    const run = randomUUID().slice(0, 8);
    let fresh: Awaited<ReturnType<typeof freshDatabase>>;
    let dir: string;
    let brokerPort: number;
    let broker: ChildProcess | null = null;
    let topology: Topology;
    let robotClient: mqtt.MqttClient;
    let reporting: NodeJS.Timeout | undefined;
    let battery = 10;
    let heard: { battery: number; at: number } | null = null;
    let socket: WebSocket;

    const startBroker = async () => {
      const config = path.join(dir, 'mosquitto.conf');
      await writeFile(config, `listener ${brokerPort} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
      broker = spawn('mosquitto', ['-c', config], { stdio: 'ignore' });
      await eventually(
        'the broker listening',
        () =>
          new Promise<boolean>((resolve) => {
            const s = net.connect(brokerPort, '127.0.0.1', () => {
              s.end();
              resolve(true);
            });
            s.on('error', () => resolve(false));
          }),
      );
    };

    beforeAll(async () => {
      fresh = await freshDatabase();
      dir = await mkdtemp(path.join(tmpdir(), 'fc-broker-'));
      brokerPort = await freePorts();
      await startBroker();
      const url = `mqtt://127.0.0.1:${brokerPort}`;
      topology = await startTopology({
        instances: 2,
        port: await freePorts(3),
        dir,
        output: 'ignore',
        env: {
          DATABASE_URL: fresh.url ?? '',
          MQTT_URL: url,
          ...topicsOfRun(`br${run}`),
          DEMO_FLEET: 'false',
          LOG_LEVEL: 'warn',
        },
      });
      const api = async (route: string, body: unknown, token?: string) =>
        (await (
          await fetch(`${topology.url}${route}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
            body: JSON.stringify(body),
          })
        ).json()) as { success: boolean; info: string; data: Record<string, unknown> };
      const token = String(
        (await api('/opt/v1/user/login', { account: 'owner@acme.test', password: 'demo1234' })).data.token,
      );
      const made = await api(
        '/opt/v1/robot',
        { name: `Restart ${run}`, manufacturer: 'brsim', serialNumber: `BR-${run}`, model: 'Runner' },
        token,
      );
      expect(made.success, made.info).toBe(true);
      const robotId = String((made.data.robot as { id: string }).id);
      // The robot reconnects by itself, as robots do, and reports five times a second.
      robotClient = mqtt.connect(url, { reconnectPeriod: 250 });
      robotClient.on('error', () => {});
      reporting = setInterval(() => {
        if (!robotClient.connected) return;
        battery = battery >= 99 ? 10 : battery + 1;
        robotClient.publish(
          `br${run}/v2/brsim/BR-${run}/state`,
          JSON.stringify(
            state({
              manufacturer: 'brsim',
              serialNumber: `BR-${run}`,
              batteryState: { batteryCharge: battery, charging: false },
            }),
          ),
        );
      }, 200);
      socket = new WebSocket(`${topology.url.replace('http', 'ws')}/live`);
      socket.on('message', (raw) => {
        const m = decodeLiveFrame(raw as Buffer);
        if (!m) return;
        if (m.type !== 'snapshot' && m.type !== 'changes') return;
        const whole = m.robots.find((r) => r.id === robotId);
        const moved = m.type === 'changes' ? m.moved.find((t) => t[0] === robotId) : undefined;
        const level = whole?.battery ?? moved?.[7];
        if (typeof level === 'number') heard = { battery: level, at: Date.now() };
      });
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'subscribe', token, frames: 'binary' }));
    }, 240_000);

    afterAll(async () => {
      clearInterval(reporting);
      socket?.close();
      robotClient?.end(true);
      await topology?.stop();
      broker?.kill('SIGKILL');
      await fresh?.drop();
      if (dir) await rm(dir, { recursive: true, force: true });
    }, 60_000);

    it('the robot and the instances resume within 10 s of the broker coming back', async () => {
      await eventually('the robot live', () => heard !== null);
      broker?.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 1000));
      await startBroker();
      const back = Date.now();
      await eventually('the robot live again', () => heard !== null && heard.at > back, 15_000);
      const took = (heard?.at ?? 0) - back;
      expect(took).toBeLessThan(10_000);
      // Every instance is ready again.
      for (const i of topology.instances) expect((await fetch(`${i.url}/readyz`)).status).toBe(200);
    });
  },
);
