import { resolveBaseUrl } from '../api/base-url';
import { pageRegion } from '../api/page-region';
import { sessionStore } from '../session/session-store';
import { liveUrl } from './live-url';

/** The live socket goes to the same server as the API calls (the stored region's, else this page's). */
export async function currentLiveUrl(): Promise<string> {
  const { regionInfo } = sessionStore.getState();
  const base = resolveBaseUrl(
    regionInfo,
    regionInfo ? await pageRegion() : undefined,
    window.location.origin,
  );
  return liveUrl(base);
}
