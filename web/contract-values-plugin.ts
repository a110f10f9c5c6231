import type { RouteDef } from '@fleet/contract';
import { type Plugin, runnerImport } from 'vite';
import { toJSONSchema, type ZodType } from 'zod';

const ID = 'virtual:contract-values';
const RESOLVED = `\0${ID}`;
/** A module of its own: a bundler keeps a module in one chunk, and only signed-in pages need these. */
const SHAPES_ID = 'virtual:contract-shapes';
const SHAPES_RESOLVED = `\0${SHAPES_ID}`;

/** Plain values of the contract that the first page needs; src/contract-values.ts gives their types. */
const VALUES = ['LANGUAGES', 'PHONE_PREFIXES', 'ERROR_STATUS', 'ROBOT_STATUSES', 'LIVE_CLOSE'] as const;

/** What the browser needs of a route; RouteRef in src/api/api-routes.ts is its type. */
function refOf(route: RouteDef) {
  return {
    id: route.id,
    method: route.method,
    path: route.path,
    ...(route.raw ? { raw: true } : {}),
    ...(route.download ? { download: true } : {}),
  };
}

/**
 * `virtual:contract-shapes`: schemas of what the console keeps in local storage, as JSON Schema: every signed-in page checks the stored
 * user, SSO settings and region before its first render (session/stored-shapes.ts), and doing so with zod
 * would bring zod and the contract's schemas (about 29 KB gzip) to every screen.
 */
const SHAPES = { me: 'me', ssoConfig: 'ssoConfig', region: 'region' } as const;

type Contract = { api: Record<string, RouteDef> } & Record<(typeof VALUES)[number], unknown> &
  Record<(typeof SHAPES)[keyof typeof SHAPES], ZodType>;

/**
 * `virtual:contract-values`: each contract route's method and path without its zod schemas, and the few
 * constants the first page shows. A contract module that declares a constant also declares schemas, and
 * importing it brings zod and those schemas (about 33 KB gzip); through this module the first page gets the
 * values alone, and the schemas load with the forms that check input with them. Computed from the contract
 * at build time, so every value is still written in one place.
 */
export function contractValues(): Plugin {
  return {
    name: 'fleet-contract-values',
    resolveId: (id) => (id === ID ? RESOLVED : id === SHAPES_ID ? SHAPES_RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED && id !== SHAPES_RESOLVED) return undefined;
      // The contract is TypeScript in a workspace package: Vite's own runner loads it as it loads a config.
      const { module, dependencies } = await runnerImport<Contract>('@fleet/contract', {
        configFile: false,
        logLevel: 'error',
      });
      // The dev server and watch builds compute it again when a contract file changes.
      for (const file of dependencies) this.addWatchFile(file);
      if (id === SHAPES_RESOLVED) {
        const shapes = Object.fromEntries(
          Object.entries(SHAPES).map(([key, name]) => [key, toJSONSchema(module[name], { io: 'output' })]),
        );
        return `export const STORED_SHAPES = ${JSON.stringify(shapes)};`;
      }
      const routes = Object.fromEntries(Object.entries(module.api).map(([key, r]) => [key, refOf(r)]));
      const lines = [`export const apiRoutes = ${JSON.stringify(routes)};`];
      for (const name of VALUES) lines.push(`export const ${name} = ${JSON.stringify(module[name])};`);
      return lines.join('\n');
    },
  };
}
