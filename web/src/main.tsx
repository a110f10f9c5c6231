import './zod-without-eval';
import './i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadClientConfig } from './api/common/client-config-query';
import { restoreStoredShapes } from './session/restore-stored-shapes';

// Asked before React starts: the brand, the monitoring DSN and the page's region (which API calls wait
// for) all come from it.
void loadClientConfig().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

// The stored user and region are checked before any screen reads them; if their check cannot be loaded,
// the console starts as for a new visitor rather than not at all.
void restoreStoredShapes()
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
