import type { Role, Target } from '../permissions.js';

interface Named {
  firstName: string;
  lastName: string;
}

/** A person's name as the console and the audit log write it: "First Last", either part may be empty. */
export function fullName(p: Named): string {
  return [p.firstName.trim(), p.lastName.trim()].filter(Boolean).join(' ');
}

/** The name to show for someone who acted, falling back to their e-mail when they have no name. */
export function actorDisplayName(p: Named & { email: string }): string {
  return fullName(p) || p.email;
}

/** A member as the target of a people action: `can()` decides from the target's role and whether it is oneself. */
export function personTarget(p: { id: string; role: Role }): Target {
  return { kind: 'person', id: p.id, role: p.role };
}
