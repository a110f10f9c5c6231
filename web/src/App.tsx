import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query-client';
import { BootEffects } from './branding/BootEffects';
import { FullPageSpin } from './components/FullPageSpin';
import { ToastHost } from './feedback/ToastHost';
import { createConsoleRouter } from './router/build-router';
import './styles/tokens.css';

const router = createConsoleRouter();

/** Suspends until the boot translations are in, so no screen ever shows raw keys. */
function TranslationsReady({ children }: { children: ReactNode }) {
  useTranslation();
  return children;
}

// antd is not part of the page's boot: the screens load it through their route (router/AntdFrame.tsx),
// the sign-in screen is drawn without it, and its toasts load antd's message on the first one (ToastHost).
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<FullPageSpin />}>
        <TranslationsReady>
          <BootEffects />
          <RouterProvider router={router} />
          <ToastHost />
        </TranslationsReady>
      </Suspense>
    </QueryClientProvider>
  );
}
