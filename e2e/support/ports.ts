/**
 * Fixed ports of the end-to-end run: the console, and the stand-in for Sentry's ingest. E2E_PORT and
 * E2E_SENTRY_PORT move them, for a second run on the same machine.
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 8099);
export const SENTRY_PORT = Number(process.env.E2E_SENTRY_PORT || 8097);

/** The regions the e2e server lists (REGIONS): its own first, then one more served by the same host. */
export const E2E_REGIONS = [
  { label: 'United States', region: 'US', host: `http://localhost:${E2E_PORT}` },
  { label: 'Europe', region: 'EU', host: `http://localhost:${E2E_PORT}` },
] as const;

/** The embedded MQTT broker of the e2e server (the machine's Mosquitto holds 1883). */
export const E2E_MQTT_PORT = Number(process.env.E2E_MQTT_PORT || 18831);

/** The device gateway the console is given (DEVICE_GATEWAY_URL): the e2e server under another host name. */
export const E2E_GATEWAY = `http://127.0.0.1:${E2E_PORT}`;
