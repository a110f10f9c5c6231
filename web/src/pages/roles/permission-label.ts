import type { Permission } from '@fleet/contract';

/** Translates a namespaced key (`roles:…`, `common:…`); the caller passes i18next's `t`. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** "Robots · operate": one permission as the matrix names it. */
export function permissionLabel(p: Permission, t: Translate): string {
  const [area, level] = p.split('.');
  return t('roles:matrix.cell', {
    area: t(`common:permissions.areas.${area}`),
    level: t(`common:permissions.levels.${level}`),
  });
}
