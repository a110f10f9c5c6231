import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';
import { MessageBridge } from '../feedback/MessageBridge';
import { LocaleProvider } from '../i18n/LocaleProvider';

/**
 * Every screen but the sign-in one renders inside antd's providers: its theme and texts in the console's
 * language, and <App> for the message and modal APIs. A route of its own so that antd loads with the first
 * such screen rather than with the page (issue 3's size budget for /login).
 */
export default function AntdFrame() {
  return (
    <LocaleProvider>
      <AntApp>
        <MessageBridge />
        <Outlet />
      </AntApp>
    </LocaleProvider>
  );
}
