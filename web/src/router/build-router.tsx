import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { prepareToasts } from '../feedback/notifier';
import { NOT_FOUND_ROUTE, ROUTES } from '../routes';
import { RootGuard } from './RootGuard';
import type { RouteEntry } from './route-entry';
import type { RouteHandle } from './use-route-entry';

// Its illustration weighs more than most screens; it is only needed when something already went wrong.
const RouteErrorPage = lazy(() => import('./RouteErrorPage'));

/**
 * Screens drawn without antd: the first page a visitor loads has a JavaScript budget (issue 3) that leaves
 * no room for it. Every other screen sits under AntdFrame, which brings antd with the first of them.
 */
const PLAIN_SCREENS: ReadonlySet<string> = new Set(['login']);

function toRoute(entry: RouteEntry): RouteObject {
  return {
    path: entry.path,
    lazy: async () => ({ Component: (await entry.screen()).default }),
    handle: { entry } satisfies RouteHandle,
  };
}

/** The router, built from the manifest: bare screens at the top, the rest inside the main layout. */
function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootGuard />,
      errorElement: (
        <Suspense fallback={null}>
          <RouteErrorPage />
        </Suspense>
      ),
      hydrateFallbackElement: <FullPageSpin />,
      children: [
        // RootGuard sends / to /robots or /login before anything renders here.
        { index: true, element: null },
        ...ROUTES.filter((r) => PLAIN_SCREENS.has(r.id)).map(toRoute),
        {
          lazy: async () => {
            // The toasts' holder loads beside the antd screens' code, so that a failed call's toast shows at
            // once (feedback/ToastHost.tsx).
            prepareToasts();
            return { Component: (await import('./AntdFrame')).default };
          },
          children: [
            ...ROUTES.filter((r) => r.layout === 'bare' && !PLAIN_SCREENS.has(r.id)).map(toRoute),
            {
              lazy: async () => ({ Component: (await import('../layout/MainLayout')).default }),
              children: ROUTES.filter((r) => r.layout === 'main').map(toRoute),
            },
            toRoute(NOT_FOUND_ROUTE),
          ],
        },
      ],
    },
  ];
}

export function createConsoleRouter() {
  return createBrowserRouter(buildRoutes());
}
