import type { Readable } from 'node:stream';
import type { Api, RouteBody, RouteData, RouteDef, RouteId, RouteParams, RouteQuery } from '@fleet/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppCaller } from '../auth/app-tokens.js';
import type { ScimCaller } from '../auth/scim-tokens.js';
import type { Session } from '../auth/sessions.js';

export interface RouteContext<R extends RouteDef> {
  /** Present on every route that is not public; a SCIM call is a provider's, never a person's. */
  session: R['auth'] extends 'scim' | 'app' ? null : R['auth'] extends 'public' ? Session | null : Session;
  /** The provider calling a SCIM route, found by its bearer token. */
  scim: R['auth'] extends 'scim' ? ScimCaller : null;
  /** The API application calling an open API route, found by its access token. */
  app: R['auth'] extends 'app' ? AppCaller : null;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteInput<R extends RouteDef> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  /** A streamed upload's body is the request stream (register-contract.ts). */
  body: R['stream'] extends true ? Readable : RouteBody<R>;
}

/** A download may be streamed rather than built in memory; a binary answer is the file's bytes. */
type Answer<R extends RouteDef> = R['binary'] extends true
  ? Buffer | FastifyReply
  : R['download'] extends true
    ? RouteData<R> | Readable
    : RouteData<R>;

export type Handler<R extends RouteDef> = (input: RouteInput<R>, ctx: RouteContext<R>) => Promise<Answer<R>>;

/** Each module implements some routes; app.ts checks that together they implement all. */
export type Handlers<K extends RouteId = RouteId> = { [P in K]: Handler<Api[P]> };
