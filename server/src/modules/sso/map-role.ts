import type { Role } from '@fleet/contract';

type SsoRole = 'admin' | 'staff';

const RANK: Record<Role, number> = { staff: 0, admin: 1, owner: 2 };

/**
 * The role a provider's groups give: the highest role any of the person's groups maps to; without a match the
 * default role, or null in strict mode (the sign-in is refused).
 */
export function roleFromGroups(
  groups: readonly string[],
  mapping: { groupRoles: readonly { group: string; role: SsoRole }[]; defaultRole: SsoRole; strict: boolean },
): SsoRole | null {
  const matched = mapping.groupRoles.filter((m) => groups.includes(m.group)).map((m) => m.role);
  if (!matched.length) return mapping.strict ? null : mapping.defaultRole;
  return matched.includes('admin') ? 'admin' : 'staff';
}

/**
 * What the person's membership becomes at this sign-in. The owner is never touched; a role the mapping set last
 * follows the groups both ways; a role set by hand is only ever raised by them, never lowered.
 */
export function syncedRole(
  current: { role: Role; roleBySso: boolean },
  target: SsoRole,
): { role: Role; roleBySso: boolean } {
  if (current.role === 'owner') return current;
  if (current.roleBySso) return { role: target, roleBySso: true };
  if (RANK[target] > RANK[current.role]) return { role: target, roleBySso: true };
  return current;
}
