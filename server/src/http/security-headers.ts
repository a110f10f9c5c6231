import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/** Pages meant to be embedded on wall screens and in other tools: framed only by EMBED_ORIGINS. */
const EMBEDDABLE = /^\/(map|minimap)\/(en|zh)\/?(\?|$)/i;

const originOf = (url: string | undefined | null): string | null => {
  if (!url) return null;
  try {
    const u = new URL(url.replace(/\{[a-z]\}/g, 'a'));
    return u.origin;
  } catch {
    return null;
  }
};

/** The Content-Security-Policy directives the built console needs, and nothing more. */
export function cspDirectives(config: Config): Record<string, string[]> {
  const elsewhere = (urls: (string | undefined | null)[]) => [
    ...new Set(urls.map(originOf).filter((o): o is string => o !== null)),
  ];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // antd writes its component styles into <style> elements at run time (CSS-in-JS).
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...elsewhere([config.mapTilesUrl])],
    fontSrc: ["'self'", 'data:'],
    // The console calls the operation host of the stored region and the device gateway, and reports errors to
    // Sentry when set.
    connectSrc: [
      "'self'",
      ...elsewhere([
        ...config.regions.map((r) => r.host),
        config.deviceGatewayUrl,
        sentryOrigin(config.sentryDsn),
      ]),
    ],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** A DSN is `https://key@host/project`: the browser sends its reports to `https://host`. */
function sentryOrigin(dsn: string | undefined): string | null {
  if (!dsn) return null;
  try {
    const u = new URL(dsn);
    return `${u.protocol}//${u.host}`;
  } catch {
    return null;
  }
}

/**
 * The browser's protections on every answer (helmet): a strict CSP, nosniff, a referrer policy, no
 * framing except the map pages by EMBED_ORIGINS, and HSTS only where TRUST_PROXY says the request came over
 * HTTPS (a console reached over plain HTTP on a site network must not be told to refuse HTTP for a year).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const directives = cspDirectives(config);
  // Built once: @fastify/helmet built helmet's middleware again on every request (4 % of a cached call's CPU).
  const protections = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    // frame-ancestors in the CSP says who may frame; X-Frame-Options cannot name origins, so it is set below.
    frameguard: false,
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Floor map images are fetched with the token; nothing of ours is loaded by other sites' pages.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // helmet 8 throws (at construction) rather than pass an error on: the callback only says it is done.
  app.addHook('onRequest', (request, reply, done) => protections(request.raw, reply.raw, () => done()));
  const embedAncestors = ["'self'", ...config.embedOrigins].join(' ');
  const pageCsp = (request: FastifyRequest, csp: string) =>
    EMBEDDABLE.test(request.url)
      ? csp.replace("frame-ancestors 'none'", `frame-ancestors ${embedAncestors}`)
      : csp;
  app.addHook('onSend', async (request, reply) => {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', pageCsp(request, csp));
    if (!EMBEDDABLE.test(request.url)) reply.header('x-frame-options', 'DENY');
    if (config.trustProxy && request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
