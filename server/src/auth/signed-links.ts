import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links that are their own key: a robot downloading its audio, a browser's `<audio>` element playing a clip.
 * Neither can send a session token, so the link carries what it grants (ids and small numbers) and until when,
 * signed. It must fit in one path segment (at most 100 characters, as every path value), so it is not a JWT but
 * bytes: the ids as 16 bytes each, the numbers and the expiry as 4, then 16 bytes of HMAC-SHA-256 over the
 * purpose and all of that, in base64url. The key is derived from the token secret but is not it, and the purpose
 * is signed: a link made for one use is worthless for another.
 */
export interface LinkGrant {
  ids: string[];
  numbers: number[];
}

export interface SignedLinks {
  sign(purpose: LinkPurpose, grant: LinkGrant, ttlS: number): { token: string; expiresAt: Date };
  /** What the link grants, or null for anything we did not sign for this purpose, malformed, or expired. */
  verify(purpose: LinkPurpose, token: string, shape: { ids: number; numbers: number }): LinkGrant | null;
}

export type LinkPurpose = 'audio-listen' | 'audio-robot';

const MAC_BYTES = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createSignedLinks(tokenSecret: Uint8Array): SignedLinks {
  const key = createHmac('sha256', tokenSecret).update('signed-links').digest();
  const mac = (purpose: string, body: Buffer) =>
    createHmac('sha256', key).update(purpose).update('\n').update(body).digest().subarray(0, MAC_BYTES);
  return {
    sign(purpose, grant, ttlS) {
      const expiresAt = new Date(Date.now() + ttlS * 1000);
      const body = Buffer.alloc(grant.ids.length * 16 + (grant.numbers.length + 1) * 4);
      let at = 0;
      for (const id of grant.ids) {
        if (!UUID.test(id)) throw new Error(`not a uuid: ${id}`);
        at += Buffer.from(id.replaceAll('-', ''), 'hex').copy(body, at);
      }
      for (const n of grant.numbers) at = body.writeUInt32BE(n, at);
      body.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), at);
      return { token: Buffer.concat([body, mac(purpose, body)]).toString('base64url'), expiresAt };
    },
    verify(purpose, token, shape) {
      if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return null;
      const raw = Buffer.from(token, 'base64url');
      const bodyBytes = shape.ids * 16 + (shape.numbers + 1) * 4;
      if (raw.length !== bodyBytes + MAC_BYTES) return null;
      const body = raw.subarray(0, bodyBytes);
      if (!timingSafeEqual(raw.subarray(bodyBytes), mac(purpose, body))) return null;
      const ids: string[] = [];
      let at = 0;
      for (let i = 0; i < shape.ids; i++, at += 16) {
        const hex = body.toString('hex', at, at + 16);
        ids.push(
          `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
        );
      }
      const numbers: number[] = [];
      for (let i = 0; i < shape.numbers; i++, at += 4) numbers.push(body.readUInt32BE(at));
      if (body.readUInt32BE(at) * 1000 < Date.now()) return null;
      return { ids, numbers };
    },
  };
}
