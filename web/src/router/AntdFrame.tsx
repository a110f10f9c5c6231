import { Outlet } from 'react-router';
import { LocaleProvider } from '../i18n/LocaleProvider';

/**
 * Every screen but the sign-in one renders inside antd's theme and texts in the console's language. A route
 * of its own so that antd loads with the first such screen rather than with the page (issue 3's size budget
 * for /login). No antd <App> (message, notification and modal holders) around the screens: the toasts'
 * holder is loaded beside this route (build-router.tsx, feedback/ToastHost.tsx), and the screens that
 * confirm render their own modal holder (`Modal.useModal`).
 */
export default function AntdFrame() {
  return (
    <LocaleProvider>
      <Outlet />
    </LocaleProvider>
  );
}
