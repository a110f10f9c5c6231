import * as Sentry from '@sentry/react';
import type { CallRecord } from '../api/http-client';
import { createRepeatLimiter } from './repeat-limit';
import type { Reporter } from './reporter';

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const code = (body as { code?: unknown }).code;
  return code === undefined ? undefined : String(code);
}

/** SHELL-MONITORING, SHELL-MONITORING-REPEAT: errors and performance, every event sampled, the same error at most 60 times. */
export function initSentry(dsn: string, environment: string): Reporter {
  const limit = createRepeatLimiter();
  Sentry.init({
    dsn,
    environment,
    sampleRate: 1,
    tracesSampleRate: 1,
    integrations: [Sentry.browserTracingIntegration()],
    beforeSend: (event) => limit(event),
  });
  return {
    apiFailure(record: CallRecord) {
      const path = pathOf(record.url);
      const code = codeOf(record.body);
      Sentry.addBreadcrumb({
        category: 'api',
        level: 'error',
        message: `${record.method} ${path} → ${record.status}`,
        data: { status: record.status, code },
      });
      // Bodies are never sent: they may hold personal data. Status and code identify the failure.
      Sentry.captureMessage(
        `API ${record.method} ${path} failed (${record.status}${code ? ` ${code}` : ''})`,
        {
          level: 'error',
          fingerprint: ['api', record.method, path, String(record.status), code ?? ''],
          tags: { api_path: path, api_status: record.status, api_code: code ?? 'none' },
        },
      );
    },
    error(error: unknown) {
      Sentry.captureException(error);
    },
    setUser(id: string | null) {
      Sentry.setUser(id ? { id } : null);
      Sentry.setTag('user_id', id ?? 'anonymous');
    },
  };
}
