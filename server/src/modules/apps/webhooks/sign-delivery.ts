import { createHmac, randomBytes } from 'node:crypto';

/*
 * Deliveries are signed as the Standard Webhooks specification says (standardwebhooks.com), so receivers can verify
 * them with its libraries in any language: HMAC-SHA256 keyed with the secret's bytes over
 * `{webhook-id}.{webhook-timestamp}.{body}`, sent base64 as `webhook-signature: v1,<signature>`.
 */

const PREFIX = 'whsec_';

/** 24 random bytes, as `whsec_` + base64: the form the specification's libraries take. */
export const newSigningSecret = () => `${PREFIX}${randomBytes(24).toString('base64')}`;

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signDelivery(
  secret: string,
  eventId: string,
  timestampS: number,
  body: string,
): SignedHeaders {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const signature = createHmac('sha256', key).update(`${eventId}.${timestampS}.${body}`).digest('base64');
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(timestampS),
    'webhook-signature': `v1,${signature}`,
  };
}
