import { useQueryClient } from '@tanstack/react-query';
import type { SelfUser } from '@tollgate/contracts';
import { useNavigate } from '@tanstack/react-router';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { writeUser } from '../../../lib/storage';
import { DEFAULT_AFTER_LOGIN } from '../../../shared/session/after-login';
import { resetUserQueries } from '../../../shared/session/reset-user-queries';

/** Every sign-in method ends here: store the user, forget the previous one's data, go on (spec §2). */
export function useCompleteSignIn() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(
    async (user: SelfUser, returnTo: string | undefined): Promise<void> => {
      resetUserQueries(queryClient);
      writeUser(user);
      void message.success(t('auth.success'));
      await navigate({ href: returnTo ?? DEFAULT_AFTER_LOGIN, replace: true });
    },
    [message, navigate, queryClient, t],
  );
}
