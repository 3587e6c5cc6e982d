import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { telegramLogin } from '../api';
import { useCompleteSignIn } from './use-complete-sign-in';

/** Signs in with the fields the Telegram widget signed; only accounts bound before can sign in. */
export function useTelegramLogin(returnTo: string | undefined) {
  const { message } = App.useApp();
  const completeSignIn = useCompleteSignIn();
  const mutation = useMutation({
    mutationFn: telegramLogin,
    onSuccess: (user) => completeSignIn(user, returnTo),
    onError: (error) => void message.error(error.message),
  });
  return { submit: mutation.mutate, isLoading: mutation.isPending };
}
