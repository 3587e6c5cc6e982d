import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '@tollgate/contracts';
import { useNavigate } from '@tanstack/react-router';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { writeUser } from '../../../lib/storage';
import { login } from '../api';
import { DEFAULT_AFTER_LOGIN } from '../login-search';
import { resetUserQueries } from '../reset-user-queries';

export function useLogin(returnTo: string | undefined) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      resetUserQueries(queryClient);
      writeUser(user);
      void message.success(t('auth.success'));
      await navigate({ href: returnTo ?? DEFAULT_AFTER_LOGIN, replace: true });
    },
    onError: (error) => void message.error(error.message),
  });

  const submit = (values: Partial<LoginRequest>): void => {
    const username = values.username?.trim() ?? '';
    const password = values.password ?? '';
    if (!username || !password) {
      void message.error(t('auth.required'));
      return;
    }
    mutation.mutate({ username, password });
  };

  return { submit, isLoading: mutation.isPending };
}
