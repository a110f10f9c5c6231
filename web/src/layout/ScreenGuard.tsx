import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { decideRoute } from '../access/menu-rules';
import { FullPageSpin } from '../components/FullPageSpin';
import { useRouteEntry } from '../router/use-route-entry';
import { useAccessContext } from './use-access-context';

/** Applies the screen's access rule: the same rule that decides whether its menu entry shows. */
export function ScreenGuard({ children }: { children: ReactNode }) {
  const entry = useRouteEntry();
  const decision = decideRoute(entry ?? { access: 'signedIn' }, useAccessContext());
  if (decision.kind === 'pending') return <FullPageSpin />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
