import type { LoginResult, Region } from '@fleet/contract';

/**
 * The region to store after a login answer, or undefined to keep the current one. A company of another
 * region comes with `operationHost`: the console continues against that host (AUTH-REGION-AFTER-LOGIN).
 */
export function regionAfterLogin(result: LoginResult, current: Region | null): Region | undefined {
  const next: Region = result.operationHost
    ? { ...result.region, host: result.operationHost }
    : result.region;
  if (current && current.region === next.region && current.host === next.host) return undefined;
  return next;
}
