import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { clearUser } from '../../lib/storage';
import { logout } from './api';
import { resetUserQueries } from './reset-user-queries';

export function useLogout() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      clearUser();
      resetUserQueries(queryClient);
      void message.success(t('auth.loggedOut'));
      await navigate({ to: '/login', replace: true });
    },
    onError: (error) => void message.error(error.message),
  });

  return { logout: () => mutation.mutate(), isLoading: mutation.isPending };
}
