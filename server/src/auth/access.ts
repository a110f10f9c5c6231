import type { Role } from '@fleet/contract';

export interface AccessFacts {
  /** The person's own membership role in the company, if any. */
  role: Role | null;
  /** Their role in the company's parent, when the company is a subsidiary. */
  parentRole: Role | null;
  isSuperAdmin: boolean;
}

/**
 * The role someone acts with inside a company, or null when they have no access.
 * Owners and admins of a parent manage its subsidiaries; a super admin manages every company.
 */
export function effectiveRole(f: AccessFacts): Role | null {
  if (f.role) return f.role;
  if (f.parentRole === 'owner' || f.parentRole === 'admin') return 'admin';
  if (f.isSuperAdmin) return 'admin';
  return null;
}
