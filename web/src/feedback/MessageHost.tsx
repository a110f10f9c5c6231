import { message } from 'antd';
import { useEffect } from 'react';
import { LocaleProvider } from '../i18n/LocaleProvider';
import { bindNotifier } from './notifier';

/** antd's message holder for screens drawn without antd (the sign-in screen); loaded on its first toast. */
export default function MessageHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => bindNotifier(api), [api]);
  return <LocaleProvider>{holder}</LocaleProvider>;
}
