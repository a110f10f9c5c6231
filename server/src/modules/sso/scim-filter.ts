import { scimBadRequest } from '../../http/scim-errors.js';

/** What a list call may ask for: the person with one e-mail address, or everyone in scope. */
export interface ScimUserFilter {
  email: string;
}

const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:user:';
/** `attribute eq "value"`: the comparison provisioning clients send to match a person (RFC 7644 section 3.4.2.2). */
const EQUALS = /^\s*([\w.:-]+)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;
/** Attributes that hold the e-mail address, in lower case (SCIM attribute names are case-insensitive). */
const EMAIL_ATTRIBUTES = new Set(['username', 'emails', 'emails.value']);

/**
 * Reads a list call's filter. Only equality on the e-mail (userName, emails.value) is supported; anything else is
 * refused as an invalid filter rather than answered with the wrong people. externalId is not kept by the console,
 * so a filter on it is refused too: clients match on userName by default.
 */
export function parseScimFilter(filter: string | undefined): ScimUserFilter | null {
  if (filter === undefined || filter.trim() === '') return null;
  const m = EQUALS.exec(filter);
  const attribute = m?.[1]?.toLowerCase().replace(CORE_USER, '');
  const raw = m?.[2];
  if (!attribute || raw === undefined) {
    throw scimBadRequest(
      'invalidFilter',
      `filter: only 'userName eq "…"' is supported, not ${JSON.stringify(filter)}`,
    );
  }
  if (!EMAIL_ATTRIBUTES.has(attribute)) {
    throw scimBadRequest(
      'invalidFilter',
      `filter: ${m?.[1]} is not a filterable attribute here; use userName (the e-mail address)`,
    );
  }
  // JSON string escapes (\" and \\) are the only ones an e-mail address needs.
  return { email: raw.replace(/\\(.)/g, '$1').trim().toLowerCase() };
}
