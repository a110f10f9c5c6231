/** The /live WebSocket address on the server an API base URL points at (https → wss). */
export function liveUrl(httpBase: string): string {
  const url = new URL('/live', httpBase);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
