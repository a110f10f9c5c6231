import type { LiveServerMessage } from '@fleet/contract';
import { vi } from 'vitest';
import type { SocketLike } from './live-socket';

/** A WebSocket to /live for tests: what was sent, and the server's side played by hand. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closed = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSends(message: LiveServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

/**
 * Replaces the browser's WebSocket (jsdom has none) with FakeSocket for the test; the sockets made are pushed to
 * the array returned. Undo with `vi.unstubAllGlobals()`.
 */
export function stubBrowserWebSocket(): FakeSocket[] {
  const sockets: FakeSocket[] = [];
  vi.stubGlobal(
    'WebSocket',
    class extends FakeSocket {
      constructor(url: string) {
        super(url);
        sockets.push(this);
      }
    },
  );
  return sockets;
}
