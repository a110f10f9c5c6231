import { App } from 'antd';
import { useEffect } from 'react';
import { bindNotifier, notify, takePendingNotice } from './notifier';

/** Lends antd's message API to code outside React; renders nothing. */
export function MessageBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    bindNotifier(message);
    const pending = takePendingNotice();
    if (pending) notify(pending);
    return () => bindNotifier(null);
  }, [message]);
  return null;
}
