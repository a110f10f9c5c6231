import { startSentryReceiver } from './sentry-receiver.js';

/** Runs once before the specs; the returned function runs once after them. */
export default async function globalSetup() {
  const receiver = await startSentryReceiver();
  return () => new Promise<void>((resolve) => receiver.close(() => resolve()));
}
