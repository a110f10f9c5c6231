import type { Api, AudioClip, Envelope, UploadClipQuery } from '@fleet/contract';
import type { RouteRef } from '../api-routes';
import { apiRoutes } from '../api-routes';
import { http } from '../call';

/** A clip may be tens of megabytes on a slow link: the usual 12 s would cut it off. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export interface UploadOptions {
  /** 0..1 of the file sent so far. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const route: RouteRef<Api['uploadAudioClip']> = apiRoutes.uploadAudioClip;

/**
 * One clip, its bytes as the body (the route is streamed, so `callApi`'s JSON body does not fit) and its fields
 * in the query, through the console's client (session headers, region host, failures normalised). Every failure
 * is the caller's to show beside its file: nothing is toasted.
 */
export async function uploadAudioClip(
  file: Blob,
  query: UploadClipQuery,
  { onProgress, signal }: UploadOptions = {},
): Promise<AudioClip> {
  const { body } = await http.send(
    {
      method: route.method,
      url: route.path,
      params: query,
      data: file,
      headers: { 'Content-Type': 'application/octet-stream' },
      timeout: UPLOAD_TIMEOUT_MS,
      signal,
      onUploadProgress: (e) => {
        const total = e.total ?? file.size;
        if (onProgress && total > 0) onProgress(Math.min(1, e.loaded / total));
      },
    },
    { quiet: true },
  );
  return (body as Envelope<AudioClip>).data;
}
