import { useQueryClient } from '@tanstack/react-query';
import { isOAuthBindResult, type OAuthCodeProvider } from '@tollgate/contracts';
import { useNavigate } from '@tanstack/react-router';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readUser } from '../../../lib/storage';
import { takeOAuthReturnTo } from '../../../shared/identity/oauth-return';
import { completeOAuth } from '../api';
import { bindDestination } from '../bind-destination';
import { parseLoginSearch } from '../login-search';
import { useCompleteSignIn } from './use-complete-sign-in';

export interface OAuthCallbackParams {
  provider: OAuthCodeProvider;
  code?: string;
  state?: string;
  iss?: string;
}

/**
 * Hands the provider's code to the server once (a code is single-use, so no retry), then signs in or
 * goes to where a bind ends. On failure the error stays on screen and the user is sent on.
 */
export function useOAuthCallback({ provider, code, state, iss }: OAuthCallbackParams) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const completeSignIn = useCompleteSignIn();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const signedIn = readUser();
    const fail = async (reason: string): Promise<void> => {
      setError(reason);
      void message.error(reason);
      await navigate({ href: bindDestination(signedIn), replace: true });
    };
    const run = async (): Promise<void> => {
      if (!code) return fail(t('identity.oauth.missingCode'));
      try {
        const answer = await completeOAuth(provider, { code, state, iss });
        if (!isOAuthBindResult(answer)) {
          return completeSignIn(answer, parseLoginSearch({ returnTo: takeOAuthReturnTo() }).returnTo);
        }
        void message.success(t('identity.oauth.bound'));
        await queryClient.invalidateQueries({ queryKey: ['self'] });
        await navigate({ href: bindDestination(signedIn), replace: true });
      } catch (failure) {
        await fail(failure instanceof Error ? failure.message : String(failure));
      }
    };
    void run();
  }, [code, state, iss, provider, completeSignIn, message, navigate, queryClient, t]);

  return { error };
}
