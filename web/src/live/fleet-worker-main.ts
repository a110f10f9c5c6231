import { FleetFold } from './fleet-fold';
import type { FromFleetWorker, ToFleetWorker } from './fleet-worker-messages';
import { LiveSocket, type SocketLike } from './live-socket';

/** The part of a dedicated worker's global scope the live worker uses (tests pass a fake). */
export interface FleetWorkerScope {
  postMessage(message: FromFleetWorker, transfer: Transferable[]): void;
  onmessage: ((ev: { data: ToFleetWorker }) => void) | null;
}

/**
 * The live worker's whole job: one LiveSocket to /live, its robot messages decoded and folded here, and one
 * compact delta posted to the page per batch, its motion numbers transferred rather than copied. The page
 * keeps what only it knows: the live address (the region may change) and the session's token.
 */
export function runFleetWorker(scope: FleetWorkerScope, createSocket?: (url: string) => SocketLike): void {
  const fold = new FleetFold();
  let token: string | null = null;
  let endpoint: { resolve: (url: string) => void; reject: (err: Error) => void } | null = null;
  const socket = new LiveSocket({
    url: () =>
      new Promise<string>((resolve, reject) => {
        endpoint = { resolve, reject };
        scope.postMessage({ type: 'connecting' }, []);
      }),
    token: () => token,
    onMessage: (message) => {
      if (!fold.receive(message)) return;
      const delta = fold.take();
      if (delta) scope.postMessage({ type: 'delta', delta }, [delta.motion.buffer]);
    },
    onStatus: (status) => scope.postMessage({ type: 'status', status }, []),
    createSocket,
  });
  scope.onmessage = ({ data }) => {
    switch (data.type) {
      case 'start':
        socket.start(data.filter);
        break;
      case 'filter':
        token = data.token;
        socket.setFilter(data.filter);
        break;
      case 'stop':
        socket.stop();
        break;
      case 'endpoint': {
        const waiting = endpoint;
        endpoint = null;
        token = data.token;
        if (data.url) waiting?.resolve(data.url);
        else waiting?.reject(new Error('no live address'));
        break;
      }
    }
  };
}
