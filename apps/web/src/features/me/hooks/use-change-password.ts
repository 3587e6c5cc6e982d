import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateSelf } from '../api';

export interface ChangePasswordValues {
  originalPassword?: string;
  password: string;
  confirmPassword: string;
}

export function useChangePassword(onDone: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: ({ originalPassword, password }: ChangePasswordValues) =>
      updateSelf({ password, original_password: originalPassword || undefined }),
    onSuccess: () => {
      void message.success(t('me.password.changed'));
      onDone();
    },
    onError: (error) => void message.error(error.message),
  });
  return { submit: (values: ChangePasswordValues) => mutation.mutate(values), isLoading: mutation.isPending };
}
