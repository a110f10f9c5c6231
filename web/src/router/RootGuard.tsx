import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { useSession } from '../session/session-store';
import { DocumentTitle } from './DocumentTitle';
import { guardRedirect } from './route-rules';

/** SHELL-GUARD-NO-TOKEN and SHELL-GUARD-TOKEN, applied to every path before any screen renders. */
export function RootGuard() {
  const { pathname } = useLocation();
  const hasToken = useSession((s) => Boolean(s.token));
  const target = guardRedirect(pathname, hasToken);
  if (target) return <Navigate to={target} replace />;
  return (
    <>
      <DocumentTitle />
      <Suspense fallback={<FullPageSpin />}>
        <Outlet />
      </Suspense>
    </>
  );
}
