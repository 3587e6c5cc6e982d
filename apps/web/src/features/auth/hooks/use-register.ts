import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBotCheck } from '../../../shared/identity/hooks/use-bot-check';
import { register } from '../api';
import { toRegisterRequest, type RegisterFormValues } from '../register-form';

/** Creates the account, then sends the new user to the login page. */
export function useRegister() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const botCheck = useBotCheck();

  const mutation = useMutation({
    mutationFn: ({ values, turnstile }: { values: RegisterFormValues; turnstile: string }) =>
      register(toRegisterRequest(values), turnstile),
    onSuccess: async () => {
      void message.success(t('identity.register.success'));
      await navigate({ to: '/login' });
    },
    onError: (error) => void message.error(error.message),
  });

  const submit = (values: RegisterFormValues): void => {
    const turnstile = botCheck.take();
    if (turnstile === null) return;
    mutation.mutate({ values, turnstile });
  };

  return { submit, isLoading: mutation.isPending, botCheck };
}
