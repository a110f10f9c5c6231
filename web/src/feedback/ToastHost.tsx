import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { hasWaitingToasts, notify, subscribeWaiting, takePendingNotice } from './notifier';

// antd's message code comes with the first toast that no antd screen is there to show.
const MessageHost = lazy(() => import('./MessageHost'));

/** Shows toasts raised where no antd screen holds them (the sign-in screen); renders nothing until then. */
export function ToastHost() {
  const waiting = useSyncExternalStore(subscribeWaiting, hasWaitingToasts);
  const [needed, setNeeded] = useState(false);
  if (waiting && !needed) setNeeded(true);

  // The notice of a log-out or an ended session survives the reload that follows it.
  useEffect(() => {
    const pending = takePendingNotice();
    if (pending) notify(pending);
  }, []);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <MessageHost />
    </Suspense>
  );
}
