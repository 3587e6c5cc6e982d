import { isAdmin, type SelfUser } from '@tollgate/contracts';

/**
 * Spec §4: a bind result (and a failed callback) goes to /admin/settings. Only administrators can open
 * that page, so other users land on the bindings tab of their personal settings.
 */
export function bindDestination(user: SelfUser | null): string {
  if (!user) return '/login';
  return isAdmin(user.role) ? '/admin/settings' : '/app/me?tab=bindings';
}
