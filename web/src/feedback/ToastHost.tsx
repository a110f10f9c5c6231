import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { needsHolder, notify, subscribeWaiting, takePendingNotice } from './notifier';

// antd's message code comes with the first toast, or ahead of it when a screen asks (prepareToasts).
const MessageHost = lazy(() => import('./MessageHost'));

/** Shows the console's toasts: loads antd's message holder with the first toast or when a screen asks. */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeWaiting, needsHolder);
  const [needed, setNeeded] = useState(false);
  if (wanted && !needed) setNeeded(true);

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
