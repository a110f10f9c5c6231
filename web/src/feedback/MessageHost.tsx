import { message } from 'antd';
import { useEffect } from 'react';
import { LocaleProvider } from '../i18n/LocaleProvider';
import { bindNotifier } from './notifier';

/** antd's message holder, in the console's theme and language; loaded with the first toast (ToastHost). */
export default function MessageHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => bindNotifier(api), [api]);
  return <LocaleProvider>{holder}</LocaleProvider>;
}
