/** Object-storage answers (signed uploads, downloads) follow their own protocol and are not API failures. */
const OBJECT_STORAGE_HOST = /\.s3[.-]|amazonaws\.com|oss-|cos\./i;

export function isObjectStorageUrl(url: string, extraHosts: readonly string[] = []): boolean {
  let host: string;
  try {
    host = new URL(url).host.toLowerCase();
  } catch {
    return false;
  }
  return OBJECT_STORAGE_HOST.test(host) || extraHosts.some((h) => host === h.toLowerCase());
}

interface BodyLike {
  code?: unknown;
  status?: unknown;
  success?: unknown;
}

/**
 * SHELL-MONITORING-FAILED: a call failed when its HTTP status or its body's code/status is not 200. Our envelope carries a
 * string code only on failure, and `success: false` says the same; numeric codes/statuses come from
 * gateways and older services.
 */
export function isFailedCall(status: number, body: unknown): boolean {
  if (status !== 200) return true;
  if (typeof body !== 'object' || body === null) return false;
  const { code, status: bodyStatus, success } = body as BodyLike;
  if (success === false) return true;
  if (typeof code === 'number' && code !== 200) return true;
  if (typeof code === 'string' && code !== '200') return true;
  return typeof bodyStatus === 'number' && bodyStatus !== 200;
}
