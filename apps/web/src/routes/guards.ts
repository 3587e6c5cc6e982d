import type { QueryClient } from '@tanstack/react-query';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { isAdmin } from '@tollgate/contracts';
import { readUser } from '../lib/storage';
import { DEFAULT_AFTER_LOGIN } from '../shared/session/after-login';
import { loadStatus } from '../shared/status/api';

/** Spec: these need a stored user; screens added under them are guarded without further wiring. */
const PROTECTED_PREFIXES = [
  '/app',
  '/admin',
  '/playground',
  '/chat',
  '/chat2link',
  '/user',
  '/channel',
] as const;
const ADMIN_PREFIX = '/admin';

function underPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

const SIGNED_OUT_ONLY = ['/login', '/register'];

// The spec lists /user/reset beside the admin user screens, but it is the signed-out reset flow.
const PUBLIC_EXCEPTIONS = ['/user/reset'];

function isProtectedPath(pathname: string): boolean {
  if (PUBLIC_EXCEPTIONS.includes(pathname)) return false;
  return PROTECTED_PREFIXES.some((prefix) => underPrefix(pathname, prefix));
}

/**
 * Runs before every navigation (root `beforeLoad`), in spec order: an unfinished setup wins,
 * then a missing session, then a role too low for /admin.
 */
export async function guardNavigation(queryClient: QueryClient, location: ParsedLocation): Promise<void> {
  const { pathname } = location;
  const status = await loadStatus(queryClient);
  if (status && !status.setup && pathname !== '/setup')
    redirect({ to: '/setup', replace: true, throw: true });

  const user = readUser();
  // A signed-in user has nothing to do on the sign-in and sign-up forms.
  if (user && SIGNED_OUT_ONLY.includes(pathname))
    redirect({ to: DEFAULT_AFTER_LOGIN, replace: true, throw: true });
  if (!isProtectedPath(pathname)) return;
  if (!user) {
    redirect({
      to: '/login',
      search: { expired: true, returnTo: location.href },
      replace: true,
      throw: true,
    });
    return;
  }
  if (underPrefix(pathname, ADMIN_PREFIX) && !isAdmin(user.role))
    redirect({ to: '/', replace: true, throw: true });
}

/** /setup itself: once the system is set up the wizard has nothing to do. */
export async function guardSetupDone(queryClient: QueryClient): Promise<void> {
  const status = await loadStatus(queryClient);
  if (status?.setup) redirect({ to: '/', replace: true, throw: true });
}
