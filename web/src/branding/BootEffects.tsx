import { useEffect } from 'react';
import { useClientConfigQuery } from '../api/common/client-config-query';
import { useRegionsQuery } from '../api/regions/regions-query';
import { monitorUser, startMonitoring } from '../monitoring/monitor';
import { sessionStore, signedInUser, useSession } from '../session/session-store';
import { applyFavicon } from './branding';

function whenIdle(job: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(job, { timeout: 2000 });
  else setTimeout(job, 1);
}

/** What the page sets up once the server has described itself; renders nothing. */
export function BootEffects() {
  const config = useClientConfigQuery().data;
  const hasRegion = useSession((s) => s.regionInfo !== null);
  const regions = useRegionsQuery(!hasRegion).data;

  useEffect(() => {
    if (!config) return;
    applyFavicon(config.faviconUrl);
    // The SDK (about 55 KB gzip) is not needed to show the screen: it loads once the page is idle. What
    // happens before is queued (monitor.ts) and the page load is timed from navigation start anyway.
    whenIdle(() => void startMonitoring(config));
    // Screens without the main layout never ask `me`; the stored user still tags what they report.
    const user = signedInUser(sessionStore.getState().userInfo);
    if (user) monitorUser(user.id);
  }, [config]);

  // REGIONS-DEFAULT: with no stored region, the first of the list is stored and used.
  useEffect(() => {
    const first = regions?.[0];
    if (!first || sessionStore.getState().regionInfo) return;
    sessionStore.getState().set('regionInfo', first);
  }, [regions]);

  return null;
}
