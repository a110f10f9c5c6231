import { apiRoutes as routes } from 'virtual:contract-values';
import type { Api, RouteDef } from '@fleet/contract';

/**
 * What the browser needs to call a route: the contract's route without its zod schemas. `def` is never
 * present; it carries the route's types (input, answer) to `callApi`.
 */
export interface RouteRef<R extends RouteDef = RouteDef> {
  readonly id: R['id'];
  readonly method: R['method'];
  readonly path: R['path'];
  readonly raw?: boolean;
  readonly download?: boolean;
  readonly def?: R;
}

export type ApiRoutes = { readonly [K in keyof Api]: RouteRef<Api[K]> };

/**
 * Every call of the contract, by the same names as its `api`: `callApi(apiRoutes.me)`. Use these rather than
 * `api` (which brings zod and every schema) wherever a screen only calls.
 */
export const apiRoutes: ApiRoutes = routes;
