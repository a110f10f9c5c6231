import type { RouteId } from '@fleet/contract';
import type { FastifyRequest } from 'fastify';
import type { LinkPurpose, SignedLinks } from '../../../auth/signed-links.js';
import type { RouteBudget } from '../../../http/register-contract.js';
import type { RequestLimits } from '../../../http/request-limits.js';

/** The routes a signed link opens, the link's purpose and its shape. */
const LINK_ROUTES: Partial<Record<RouteId, { purpose: LinkPurpose; ids: number; numbers: number }>> = {
  audioRobotManifest: { purpose: 'audio-robot', ids: 2, numbers: 1 },
  audioRobotClip: { purpose: 'audio-robot', ids: 2, numbers: 1 },
  listenAudioClip: { purpose: 'audio-listen', ids: 1, numbers: 0 },
};

/**
 * A valid link is counted as a token is, by itself: a building's robots behind one address (NAT) download a
 * publication's files with their own links, a thousand requests in a minute from one address, and that is no
 * abuse. A link that does not verify is counted against its address, so made-up links do not escape the budget.
 */
export function linkCallLimits(
  links: SignedLinks,
  limits: RequestLimits,
): Partial<Record<RouteId, RouteBudget>> {
  const out: Partial<Record<RouteId, RouteBudget>> = {};
  for (const [id, link] of Object.entries(LINK_ROUTES) as [
    RouteId,
    NonNullable<(typeof LINK_ROUTES)[RouteId]>,
  ][]) {
    out[id] = {
      max: (_request, key) => (key.startsWith('link:') ? limits.perToken : limits.perAddress),
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => {
        const token = (request.params as { token?: unknown }).token;
        const grant = typeof token === 'string' ? links.verify(link.purpose, token, link) : null;
        return grant ? `link:${link.purpose}:${grant.ids.join(':')}` : `ip:${request.ip}`;
      },
    };
  }
  return out;
}
