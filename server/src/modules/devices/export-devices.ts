import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { csvStream } from '../../http/csv-stream.js';
import type { DeviceLink } from './link/device-link.js';
import { findMiniDevices } from './repo.js';

const PAGE = 500;
const num = (n: number | null) => (n === null ? null : String(n));
const HEADER = [
  'Name',
  'Label',
  'Type',
  'Model',
  'Firmware',
  'Building',
  'Floor',
  'X (m)',
  'Y (m)',
  'Online',
  'Battery (%)',
  'Signal (dBm)',
  'Last seen',
  'Registered',
];

/** Streams the company's devices page by page, each with its place and live state. */
export function exportDevicesCsv(
  db: Db,
  companyId: string,
  link: DeviceLink,
  log: FastifyBaseLogger,
): Readable {
  async function* rows() {
    for (let offset = 0; ; offset += PAGE) {
      const { rows: page } = await findMiniDevices(db, companyId, {}, { offset, limit: PAGE });
      for (const d of page) {
        const live = link.store.live(d.id);
        yield [
          d.name,
          d.label,
          d.type,
          d.model,
          link.store.facts(d.id)?.firmware ?? d.firmware,
          d.buildingName,
          d.floorName,
          num(d.pointX),
          num(d.pointY),
          live.online ? 'yes' : 'no',
          num(live.battery),
          num(live.rssi),
          live.lastSeenAt,
          d.createdAt.toISOString(),
        ];
      }
      if (page.length < PAGE) return;
    }
  }
  return csvStream(HEADER, rows(), log);
}
