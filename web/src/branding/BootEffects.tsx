import { useEffect, useState } from 'react';
import { useClientConfigQuery } from '../api/common/client-config-query';
import { useRegionsQuery } from '../api/regions/regions-query';
import { changeLanguage } from '../i18n/change-language';
import { monitorUser, startMonitoring } from '../monitoring/monitor';
import { linkPreferences } from '../session/link-preferences';
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
  // Read once: the link the page was opened with.
  const [linked] = useState(() => linkPreferences(window.location.search));
  const regions = useRegionsQuery(!hasRegion || linked.region !== undefined).data;

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

  // APPS-MOBILE: a link's language applies at once.
  useEffect(() => {
    if (linked.lng && linked.lng !== sessionStore.getState().language) void changeLanguage(linked.lng);
  }, [linked]);

  // REGIONS-DEFAULT: with no stored region, the first of the list is stored and used; a link's region (APPS-MOBILE)
  // when it names one of the list.
  useEffect(() => {
    if (!regions) return;
    const current = sessionStore.getState().regionInfo;
    const wanted = linked.region ? regions.find((r) => r.region === linked.region) : undefined;
    if (wanted && (current?.region !== wanted.region || current.host !== wanted.host)) {
      sessionStore.getState().set('regionInfo', wanted);
      return;
    }
    const first = regions[0];
    if (!first || current) return;
    sessionStore.getState().set('regionInfo', first);
  }, [regions, linked]);

  return null;
}
