import type { Station } from '@fleet/contract';

export type Point = { x: number; y: number };

/** The station being placed (at a point picked on the map) or changed (and maybe moved to a picked point). */
export type StationEdit = { kind: 'new'; point: Point } | { kind: 'edit'; station: Station; point?: Point };
