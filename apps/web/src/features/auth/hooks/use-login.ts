import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBotCheck } from '../../../shared/identity/hooks/use-bot-check';
import { login } from '../api';
import { useCompleteSignIn } from './use-complete-sign-in';

export function useLogin(returnTo: string | undefined) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const completeSignIn = useCompleteSignIn();
  const botCheck = useBotCheck();

  const mutation = useMutation({
    mutationFn: ({ body, turnstile }: { body: LoginRequest; turnstile: string }) => login(body, turnstile),
    onSuccess: (user) => completeSignIn(user, returnTo),
    onError: (error) => void message.error(error.message),
  });

  const submit = (values: Partial<LoginRequest>): void => {
    const username = values.username?.trim() ?? '';
    const password = values.password ?? '';
    if (!username || !password) {
      void message.error(t('auth.required'));
      return;
    }
    const turnstile = botCheck.take();
    if (turnstile === null) return;
    mutation.mutate({ body: { username, password }, turnstile });
  };

  return { submit, isLoading: mutation.isPending, botCheck };
}
