import type { LiveServerMessage } from '@fleet/contract';
import { encodeChangesFrame } from '@fleet/contract/live-frame';
import { vi } from 'vitest';
import type { SocketLike } from './live-socket';

/** A WebSocket to /live for tests: what was sent, and the server's side played by hand. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  binaryType = 'blob';
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
  /** Robots' changes as the server sends them: the binary frame, as an ArrayBuffer (binaryType 'arraybuffer'). */
  serverSendsFrame(message: Extract<LiveServerMessage, { type: 'changes' }>) {
    const bytes = encodeChangesFrame(message);
    this.onmessage?.({ data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
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
