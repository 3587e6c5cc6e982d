import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { clearUser } from '../../../lib/storage';
import { resetUserQueries } from '../../../shared/session/reset-user-queries';
import { deleteSelf } from '../api';

/** Cancels the caller's own account and leaves the console. */
export function useDeleteAccount() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (password: string | undefined) => deleteSelf({ password }),
    onSuccess: async () => {
      clearUser();
      resetUserQueries(queryClient);
      void message.success(t('me.deleteAccount.done'));
      await navigate({ to: '/', replace: true });
    },
    onError: (error) => void message.error(error.message),
  });
  return { remove: (password?: string) => mutation.mutate(password), isLoading: mutation.isPending };
}
