import type { OAuthCodeProvider } from '@tollgate/contracts';
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { authorizeOAuth } from '../api';
import { rememberOAuthReturnTo } from '../oauth-return';

export interface OAuthStart {
  provider: OAuthCodeProvider;
  /** Invite code for a sign-up through the provider. */
  aff?: string;
  /** Where a sign-in continues after the callback. */
  returnTo?: string;
}

/**
 * Leaves for the provider's consent page. The same trip binds the account when the user is signed in:
 * the server decides at the callback from the session.
 */
export function useOAuthStart() {
  const { message } = App.useApp();

  const mutation = useMutation({
    mutationFn: async ({ provider, aff, returnTo }: OAuthStart) => {
      const { url } = await authorizeOAuth(provider, aff);
      rememberOAuthReturnTo(returnTo);
      window.location.assign(url);
    },
    onError: (error) => void message.error(error.message),
  });

  return {
    start: (request: OAuthStart) => mutation.mutate(request),
    // Stays set after success too: the page is being left.
    pendingProvider: mutation.isIdle || mutation.isError ? null : mutation.variables.provider,
  };
}
