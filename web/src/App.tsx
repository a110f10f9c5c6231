import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query-client';
import { BootEffects } from './branding/BootEffects';
import { FullPageSpin } from './components/FullPageSpin';
import { MessageBridge } from './feedback/MessageBridge';
import { LocaleProvider } from './i18n/LocaleProvider';
import { createConsoleRouter } from './router/build-router';

const router = createConsoleRouter();

// Order matters: the locale provider suspends until the boot translations are in, so no screen ever
// shows raw keys; the message bridge needs antd's <App> above it.
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<FullPageSpin />}>
        <LocaleProvider>
          <AntApp>
            <MessageBridge />
            <BootEffects />
            <RouterProvider router={router} />
          </AntApp>
        </LocaleProvider>
      </Suspense>
    </QueryClientProvider>
  );
}
