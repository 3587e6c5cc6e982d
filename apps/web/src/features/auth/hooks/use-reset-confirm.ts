import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPasswordReset } from '../api';

/** Spends the mailed token; the server answers a new random password, shown once. */
export function useResetConfirm(email: string, token: string) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: () => confirmPasswordReset({ email, token }),
    onSuccess: () => void message.success(t('identity.reset.done')),
    onError: (error) => void message.error(error.message),
  });
  return { confirm: () => mutation.mutate(), isLoading: mutation.isPending, newPassword: mutation.data };
}
