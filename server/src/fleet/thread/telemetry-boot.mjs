// The telemetry thread's entry: the server runs TypeScript through tsx, and a worker thread starts without a
// loader of its own when the server was started by a test runner, so it registers tsx before the real entry.
import { register } from 'tsx/esm/api';

register();
await import('./telemetry-worker.ts');
