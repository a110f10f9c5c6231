import { sessionStore } from '../../session/session-store';
import { apiRoutes } from '../api-routes';
import { resolveBaseUrl } from '../base-url';
import { callApi } from '../call';
import { pageRegion } from '../page-region';

/**
 * Where the browser plays a clip from: a short-lived link (an `<audio>` element cannot send the session token),
 * made absolute on the same host the API calls go to, since the server answers it with a path.
 */
export async function clipListenUrl(clipId: string): Promise<string> {
  const { url } = await callApi(apiRoutes.audioClipLink, { params: { id: clipId } });
  if (/^https?:\/\//i.test(url)) return url;
  const { regionInfo } = sessionStore.getState();
  const base = resolveBaseUrl(
    regionInfo,
    regionInfo ? await pageRegion() : undefined,
    window.location.origin,
  );
  return new URL(url, `${base}/`).toString();
}
