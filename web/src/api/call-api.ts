import { buildPath, type Envelope, type RouteData, type RouteDef, type RouteInput } from '@fleet/contract';
import type { RouteRef } from './api-routes';
import type { HttpClient, SendOptions } from './http-client';

export interface FileResult<T> {
  body: T;
  fileName: string;
}

export type CallResult<R extends RouteDef> = R['download'] extends true ? FileResult<Blob> : RouteData<R>;

/** A route that declares no required input may be called without one. */
export type CallArgs<R extends RouteDef> =
  object extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: SendOptions]
    : [input: RouteInput<R>, options?: SendOptions];

/** Binds the typed caller to a client; the console uses the one in `call.ts`, tests their own. */
export function createCaller(http: HttpClient) {
  // A contract route (`api.me`) or its schema-free reference (`apiRoutes.me`): the same call either way.
  return async function callApi<R extends RouteDef>(
    route: R | RouteRef<R>,
    ...[input, options]: CallArgs<R>
  ): Promise<CallResult<R>> {
    const { body, fileName } = await http.send(
      {
        method: route.method,
        url: buildPath(route.path, input?.params as Record<string, string> | undefined),
        params: input?.query,
        data: input?.body,
        responseType: route.download ? 'blob' : 'json',
      },
      options,
    );
    // The route's own type tells which of the three shapes came back; TypeScript cannot follow a runtime
    // flag through a conditional type, hence the casts.
    if (route.download) return { body, fileName: fileName ?? '' } as CallResult<R>;
    if (route.raw) return body as CallResult<R>;
    return (body as Envelope<unknown>).data as CallResult<R>;
  };
}
