import './i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadClientConfig } from './api/common/client-config-query';

// Asked before React starts: the brand, the monitoring DSN and the page's region (which API calls wait
// for) all come from it.
void loadClientConfig().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
