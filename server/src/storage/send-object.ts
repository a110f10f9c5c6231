import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRange } from '../http/byte-range.js';
import type { ByteRange, ObjectStore } from './object-store.js';

export interface SendObjectOptions {
  /** Overrides the type kept with the object (the database's copy is the one the client was promised). */
  contentType?: string;
  /** A quoted entity tag naming this version of the object, e.g. `"abc123"`. */
  etag?: string;
  cacheControl?: string;
  /** Offered as the name to save under; the object is still shown inline where the browser can. */
  fileName?: string;
}

/**
 * Answers a GET with a stored object, streamed from the store to the client (an audio clip is never held whole
 * in memory): 200 whole, 206 for one byte range (what audio and video players ask for to seek), 416 for a
 * range past the end, 304 when `If-None-Match` names the ETag. False (nothing sent) when the object is missing, before any
 * header is set, so the caller answers 404 its own way.
 *
 * A matching ETag is answered without asking the store: keys are never reused, so the ETag the caller took
 * from its own record still names the bytes the client holds, and a cache revalidation costs no S3 request.
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  key: string,
  opts: SendObjectOptions = {},
): Promise<boolean> {
  const validators = () => {
    if (opts.etag) reply.header('etag', opts.etag);
    if (opts.cacheControl) reply.header('cache-control', opts.cacheControl);
  };
  if (opts.etag && etagListHas(request.headers['if-none-match'], opts.etag)) {
    validators();
    reply.code(304).send();
    return true;
  }

  // Only a ranged request needs the size before the bytes; a whole one learns it from open, in one request.
  const rangeHeader = rangeApplies(request.headers['if-range'], opts.etag)
    ? request.headers.range
    : undefined;
  let range: ByteRange | undefined;
  if (rangeHeader !== undefined) {
    const info = await store.stat(key);
    if (!info) return false;
    const parsed = parseRange(rangeHeader, info.size);
    if (parsed === 'unsatisfiable') {
      validators();
      reply.code(416).header('accept-ranges', 'bytes').header('content-range', `bytes */${info.size}`).send();
      return true;
    }
    range = parsed ?? undefined;
  }

  const opened = await store.open(key, range);
  if (!opened) return false;
  validators();
  reply.header('accept-ranges', 'bytes').header('content-type', opts.contentType ?? opened.contentType);
  if (opts.fileName) reply.header('content-disposition', inlineDisposition(opts.fileName));
  if (range) {
    const end = Math.min(range.end, opened.size - 1);
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${end}/${opened.size}`)
      .header('content-length', end - range.start + 1);
  } else {
    reply.code(200).header('content-length', opened.size);
  }
  reply.send(opened.stream);
  return true;
}

/** Weak comparison (RFC 9110 section 13.1.2): `W/"x"` matches `"x"`; a tag may itself hold commas, so tags are matched whole. */
function etagListHas(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.replace(/^W\//, '');
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === opaque(etag));
}

/**
 * `If-Range` asks for the range only if the object is still the version named (strong comparison); otherwise,
 * or for a date (this server sends no Last-Modified), the whole object is sent, as RFC 9110 section 13.1.5 says.
 */
function rangeApplies(ifRange: string | string[] | undefined, etag: string | undefined): boolean {
  if (ifRange === undefined) return true;
  return (
    typeof ifRange === 'string' && etag !== undefined && !etag.startsWith('W/') && ifRange.trim() === etag
  );
}

/** An ASCII name for old clients, and the exact name in RFC 8187 encoding for the rest. */
function inlineDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
