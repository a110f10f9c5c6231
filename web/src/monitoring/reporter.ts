import type { CallRecord } from '../api/http-client';

/** What the console reports; implemented by sentry.ts, which is only downloaded when a DSN is configured. */
export interface Reporter {
  apiFailure(record: CallRecord): void;
  error(error: unknown): void;
  setUser(id: string | null): void;
}
