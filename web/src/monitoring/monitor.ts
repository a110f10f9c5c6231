import type { ClientConfig } from '@fleet/contract';
import type { CallRecord } from '../api/http-client';
import { isFailedCall, isObjectStorageUrl } from './api-failure';
import type { Reporter } from './reporter';

// Object-storage hosts besides the well-known clouds (a MinIO, a CDN), named at build time.
const EXTRA_STORAGE_HOSTS = (import.meta.env.VITE_OBJECT_STORAGE_HOSTS ?? '')
  .split(',')
  .map((h: string) => h.trim())
  .filter(Boolean);

/** undefined: the client config has not said yet; null: monitoring is off. */
let reporter: Reporter | null | undefined;
const waiting: ((r: Reporter) => void)[] = [];

function withReporter(job: (r: Reporter) => void): void {
  if (reporter) job(reporter);
  else if (reporter === undefined && waiting.length < 50) waiting.push(job);
}

export async function startMonitoring(
  config: Pick<ClientConfig, 'sentryDsn' | 'environment'>,
): Promise<void> {
  if (reporter !== undefined) return;
  if (!config.sentryDsn) {
    reporter = null;
    waiting.length = 0;
    return;
  }
  const { initSentry } = await import('./sentry');
  reporter = initSentry(config.sentryDsn, config.environment);
  for (const job of waiting.splice(0)) job(reporter);
}

export function monitorCall(record: CallRecord): void {
  if (!isFailedCall(record.status, record.body)) return;
  if (isObjectStorageUrl(record.url, EXTRA_STORAGE_HOSTS)) return;
  withReporter((r) => r.apiFailure(record));
}

export function monitorError(error: unknown): void {
  withReporter((r) => r.error(error));
}

export function monitorUser(id: string | null): void {
  withReporter((r) => r.setUser(id));
}
