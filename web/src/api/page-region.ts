/**
 * The region of the server that served this page, as its client config says. API calls wait for it so a
 * stored region that is this very server is reached through the page's own origin (see base-url.ts).
 */
let source: Promise<string | undefined> = Promise.resolve(undefined);

export function setPageRegionSource(region: Promise<string | undefined>): void {
  source = region;
}

export function pageRegion(): Promise<string | undefined> {
  return source;
}
