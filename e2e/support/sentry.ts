import { SENTRY_PORT } from './ports.js';

const RECEIVER = `http://127.0.0.1:${SENTRY_PORT}/__envelopes`;

/**
 * The envelopes the browser SDK posted to the local receiver (support/sentry-receiver.ts), as raw text, those
 * `carrying` a text only (filtered by the receiver):
 * a header line, then item header and payload lines. Shared by every test of the run, so a test looks for
 * envelopes carrying something only it produced.
 */
export async function receivedEnvelopes(carrying?: string): Promise<string[]> {
  const response = await fetch(
    carrying === undefined ? RECEIVER : `${RECEIVER}?with=${encodeURIComponent(carrying)}`,
  );
  return (await response.json()) as string[];
}

/** The JSON items of an envelope (headers and payloads alike). */
export function envelopeItems(envelope: string): Record<string, unknown>[] {
  return envelope
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}
