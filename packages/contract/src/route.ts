import type { z } from 'zod';
import type { ApiScope } from './apps/scopes.js';
import type { AreaName } from './areas.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may reach a route before any per-company permission is checked:
 * `public` needs no token, `user` needs a valid session, `superAdmin` needs a super admin's session, `scim` needs
 * a company's SCIM bearer token (an identity provider provisioning people, never a person: no session, no role),
 * `app` needs an API application's access token (the open API: an integrator's system, never a person).
 */
export type RouteAuth = 'public' | 'user' | 'superAdmin' | 'scim' | 'app';

export interface RouteDef {
  /** Stable name used by the server, the web client and the tests. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Fastify-style path (`:id` for parameters). */
  readonly path: string;
  readonly auth: RouteAuth;
  readonly summary: string;
  /** The area the call belongs to: its server module, its OpenAPI tag, its section in docs/api.md. */
  readonly area: AreaName;
  /** The OpenAPI tag when it is not the area's: the open API is one section for integrators. */
  readonly tag?: string;
  /** The one scope an `app` route needs of the application's token. */
  readonly scope?: ApiScope;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** Schema of `data` inside the `{success, info, data}` envelope (or of the whole body when `raw`). */
  readonly data: z.ZodType;
  /** The body is not wrapped in the envelope (translation files, SCIM). */
  readonly raw?: boolean;
  /** The status of a success when it is not 200: SCIM's 201 Created and 204 No Content. */
  readonly status?: 201 | 204;
  /** The answer is a file download (`content-disposition`). */
  readonly download?: boolean;
  /** The answer is a file's bytes with their own content type (an image); `data` only documents it. */
  readonly binary?: boolean;
  /** The body carries a file (base64): the server allows it the configured upload size instead of 1 MB. */
  readonly upload?: boolean;
  /**
   * The body is a file's bytes (application/octet-stream), handed to the handler as a stream and never held
   * whole in memory; the fields go in `query`. The server allows the largest configured audio clip.
   */
  readonly stream?: boolean;
}

export function defineRoute<const T extends RouteDef>(def: T): T {
  return def;
}

type InferOr<S, Fallback> = S extends z.ZodType ? z.infer<S> : Fallback;

export type RouteParams<R extends RouteDef> = InferOr<R['params'], undefined>;
export type RouteQuery<R extends RouteDef> = InferOr<R['query'], undefined>;
export type RouteBody<R extends RouteDef> = InferOr<R['body'], undefined>;
export type RouteData<R extends RouteDef> = z.infer<R['data']>;

/** What a caller passes to reach a route: only the parts the route declares. */
export type RouteInput<R extends RouteDef> = (R['params'] extends z.ZodType
  ? { params: z.input<R['params']> }
  : { params?: undefined }) &
  (R['query'] extends z.ZodType ? { query?: z.input<R['query']> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: z.input<R['body']> } : { body?: undefined });

/** Fills `:name` segments of a route path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
