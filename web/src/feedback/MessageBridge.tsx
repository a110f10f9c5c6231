import { App } from 'antd';
import { useEffect } from 'react';
import { bindNotifier } from './notifier';

/** Lends the surrounding antd <App>'s message API to code outside React; renders nothing. */
export function MessageBridge() {
  const { message } = App.useApp();
  useEffect(() => bindNotifier(message), [message]);
  return null;
}
