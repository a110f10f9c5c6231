import { DEVICE_NAME } from '@fleet/contract/devices-link';
import type { DeviceCredential } from '../device-fleet.js';
import { CsvError, parseCsv } from './csv.js';

/** A credentials file that cannot be used; the message names the line (CSV) or item (JSON) and the field. */
export class CredentialsFileError extends Error {}

export const MAX_DEVICES = 100_000;
/** A file with more problems than this lists these and counts the rest. */
const SHOWN_PROBLEMS = 10;

interface Row {
  /** `line 4` or `item 3`: where the row is, as the message says it. */
  where: string;
  name?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
}

/**
 * Reads the devices of a credentials file: a JSON array of `{name, password}` when it starts with `[`, else CSV
 * with a header naming the columns `name` and `password` (any order, any case, other columns ignored). Instead of
 * `name`, a `username` (`{prefix}/{name}`, as registration answers it) is accepted. Names and passwords are
 * trimmed. Every problem is collected; the thrown CredentialsFileError lists them by line or item.
 */
export function parseDeviceCredentials(text: string, prefix: string): DeviceCredential[] {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (body === '') throw new CredentialsFileError('the file is empty');
  const rows = body.startsWith('[') ? jsonRows(body) : csvRows(text);
  const problems: string[] = [];
  const devices: DeviceCredential[] = [];
  const seen = new Map<string, string>();
  for (const row of rows) {
    const name = nameOf(row, prefix, problems);
    const password = row.password?.trim() ?? '';
    if (password === '') problems.push(`${row.where}: password is empty`);
    if (name === undefined) continue;
    const before = seen.get(name);
    if (before !== undefined) problems.push(`${row.where}: device ${name} is already on ${before}`);
    else seen.set(name, row.where);
    if (password !== '' && before === undefined) devices.push({ name, password });
  }
  if (problems.length > 0) {
    if (problems.length === 1) throw new CredentialsFileError(problems[0]);
    const more = problems.length - SHOWN_PROBLEMS;
    const list = problems.slice(0, SHOWN_PROBLEMS).map((p) => `\n  ${p}`);
    throw new CredentialsFileError(
      `${problems.length} problems:${list.join('')}${more > 0 ? `\n  … and ${more} more` : ''}`,
    );
  }
  if (devices.length === 0) throw new CredentialsFileError('the file lists no devices');
  if (devices.length > MAX_DEVICES)
    throw new CredentialsFileError(`${devices.length} devices; at most ${MAX_DEVICES} run from one process`);
  return devices;
}

function nameOf(row: Row, prefix: string, problems: string[]): string | undefined {
  let name = row.name?.trim();
  if (name === undefined || name === '') {
    const username = row.username?.trim() ?? '';
    if (username === '') {
      problems.push(`${row.where}: name is empty`);
      return undefined;
    }
    if (!username.startsWith(`${prefix}/`)) {
      problems.push(`${row.where}: username ${username} is not under ${prefix}/ (see --prefix)`);
      return undefined;
    }
    name = username.slice(prefix.length + 1);
  }
  if (!DEVICE_NAME.test(name)) {
    problems.push(
      `${row.where}: name ${JSON.stringify(name)} is not a device name (1–64 letters, digits, _ . -)`,
    );
    return undefined;
  }
  return name;
}

function csvRows(text: string): Row[] {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvError) throw new CredentialsFileError(err.message);
    throw err;
  }
  const [header, ...data] = records;
  if (!header) throw new CredentialsFileError('the file is empty');
  const columns = header.cells.map((c) => c.trim().toLowerCase());
  const name = columns.indexOf('name');
  const username = columns.indexOf('username');
  const password = columns.indexOf('password');
  if ((name < 0 && username < 0) || password < 0)
    throw new CredentialsFileError(
      `line ${header.line}: the header must name the columns name (or username) and password; it has ` +
        `${header.cells.map((c) => JSON.stringify(c)).join(', ')}`,
    );
  const cell = (cells: string[], i: number) => (i < 0 ? undefined : cells[i]);
  return data.map((r) => ({
    where: `line ${r.line}`,
    name: cell(r.cells, name),
    username: cell(r.cells, username),
    password: cell(r.cells, password),
  }));
}

function jsonRows(body: string): Row[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (err) {
    throw new CredentialsFileError(`not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!Array.isArray(json))
    throw new CredentialsFileError('a JSON file must hold an array of {name, password}');
  return json.map((item: unknown, i) => {
    const where = `item ${i + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw new CredentialsFileError(`${where}: not an object {name, password}`);
    const field = (key: string): string | undefined => {
      const v: unknown = (item as Record<string, unknown>)[key];
      if (v === undefined || v === null) return undefined;
      if (typeof v !== 'string') throw new CredentialsFileError(`${where}: ${key} must be a string`);
      return v;
    };
    return { where, name: field('name'), username: field('username'), password: field('password') };
  });
}
