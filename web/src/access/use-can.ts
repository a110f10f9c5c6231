import type { Action, Actor, Target } from '@fleet/contract';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeQuery } from '../api/people/me-query';
import { useMyPermissionsQuery } from '../api/roles/my-permissions-query';
import { explain, splitPermission } from './can-explain';

export interface CanAnswer {
  allowed: boolean;
  /** Why not, in the user's language ('' when allowed): the tooltip of a disabled button. */
  reason: string;
  /** The caller's rights have not answered yet: hide rather than show a refusal. */
  pending: boolean;
}

export type CanFn = (action: Action, target?: Target) => CanAnswer;

/**
 * The console's one permission check for menus, buttons and routes: the contract's `can()` over the rights
 * the server reports for this session (built-in role ∪ custom roles). The server refuses anyway; this only
 * keeps the user from trying.
 */
export function useCan(): CanFn {
  const { t } = useTranslation('common');
  const me = useMeQuery().data;
  const mine = useMyPermissionsQuery().data;
  const actor = useMemo<Actor | undefined>(
    () =>
      me && mine
        ? {
            id: me.id,
            role: mine.role,
            isSuperAdmin: mine.isSuperAdmin,
            granted: mine.granted,
            enableAudio: me.enableAudio,
          }
        : undefined,
    [me, mine],
  );
  return useCallback(
    (action, target) => {
      const answer = explain(actor, action, target);
      if (answer.allowed) return { allowed: true, reason: '', pending: false };
      const permission = answer.permission ? splitPermission(answer.permission) : undefined;
      return {
        allowed: false,
        pending: answer.pending === true,
        reason: t(answer.reasonKey, {
          area: permission ? t(`permissions.areas.${permission.area}`) : '',
          level: permission ? t(`permissions.levels.${permission.level}`) : '',
        }),
      };
    },
    [actor, t],
  );
}
