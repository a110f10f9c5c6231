/**
 * A person's browser at the test provider, without a browser: it opens the authorization URL, types a login on
 * the provider's sign-in page (or cancels there) and answers the URL the provider sends the browser back to —
 * the console's callback, with its code and state or its error — without opening it.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  opts: { cancel?: boolean } = {},
): Promise<URL> {
  const start = new URL(authorizationUrl);
  const cookies = new Map<string, string>();
  let next: { url: URL; init?: RequestInit } = { url: start };
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: {
        ...(next.init?.headers as Record<string, string> | undefined),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const url = new URL(location, next.url);
      if (url.origin !== start.origin) return url;
      next = { url };
      continue;
    }
    if (res.status !== 200) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    await res.text();
    // The sign-in page: type the login (any password), or leave through its cancel link.
    if (opts.cancel) {
      next = { url: new URL(`${next.url.pathname}/abort`, next.url) };
      continue;
    }
    next = {
      url: next.url,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
      },
    };
  }
  throw new Error('the provider kept redirecting');
}
