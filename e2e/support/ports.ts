/** Fixed ports of the end-to-end run: the console, and the stand-in for Sentry's ingest. */
export const E2E_PORT = 8099;
export const SENTRY_PORT = 8097;
