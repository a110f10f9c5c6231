import { http } from '../call';

/**
 * A floor map image, fetched like any call (the session token in the header, the region's server) and
 * decoded off the main thread: an <img src> could carry neither.
 */
export async function loadFloorImage(imageUrl: string): Promise<ImageBitmap> {
  const { body } = await http.send({ method: 'GET', url: imageUrl, responseType: 'blob' }, { quiet: true });
  return createImageBitmap(body as Blob);
}
