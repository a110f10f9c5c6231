import type { FastifyBaseLogger } from 'fastify';
import type { ListenHandlers } from '../../../db/client.js';

/** How the instances speak: the PostgreSQL they share (LISTEN on a connection of its own, NOTIFY). */
export interface InstanceTransport {
  listen(channel: string, handlers: ListenHandlers): Promise<{ close(): Promise<void> }>;
  notify(channel: string, payload: string): Promise<void>;
}

/**
 * Listens on one of the lifts' channels (null without a transport: alone) and hears its messages, parsed (a payload
 * that is not JSON is dropped); `what` names it in the log when the link drops, as words may be missed meanwhile.
 */
export async function listenToOthers<M>(
  transport: InstanceTransport | undefined,
  channel: string,
  what: string,
  log: FastifyBaseLogger,
  onMessage: (message: M) => void,
): Promise<{ close(): Promise<void> } | null> {
  if (!transport) return null;
  return transport.listen(channel, {
    onMessage: (payload) => {
      let message: M;
      try {
        message = JSON.parse(payload) as M;
      } catch {
        return;
      }
      onMessage(message);
    },
    onLink: (up) => {
      if (!up) log.warn(`${what}: the link to the other instances is down`);
    },
  });
}

/** Tells the other instances (fire and forget: a word lost is logged, and each channel says what it costs). */
export function tellOthers(
  transport: InstanceTransport | undefined,
  channel: string,
  message: object,
  what: string,
  log: FastifyBaseLogger,
): void {
  transport
    ?.notify(channel, JSON.stringify(message))
    .catch((err: unknown) => log.warn({ err }, `${what}: a message to the other instances was lost`));
}
