/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Comma-separated host[:port] list of object-storage servers whose failures are not API failures. */
  readonly VITE_OBJECT_STORAGE_HOSTS?: string;
}

declare module 'virtual:contract-values' {
  // Written by contract-values-plugin.ts; read through contract-values.ts and api/api-routes.ts.
  type Contract = typeof import('@fleet/contract');
  export const apiRoutes: import('./api/api-routes').ApiRoutes;
  export const LANGUAGES: Contract['LANGUAGES'];
  export const PHONE_PREFIXES: Contract['PHONE_PREFIXES'];
  export const ERROR_STATUS: Contract['ERROR_STATUS'];
  export const ROBOT_STATUSES: Contract['ROBOT_STATUSES'];
  export const LIVE_CLOSE: Contract['LIVE_CLOSE'];
}

declare module 'virtual:contract-shapes' {
  // Written by contract-values-plugin.ts; read by session/stored-shapes.ts.
  export const STORED_SHAPES: Record<'me' | 'ssoConfig' | 'region', import('./session/json-shape').JsonShape>;
}
