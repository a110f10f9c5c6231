import type { Me } from '@fleet/contract';

export function fullName(me: Pick<Me, 'firstName' | 'lastName'>): string {
  return [me.firstName, me.lastName].filter(Boolean).join(' ');
}
