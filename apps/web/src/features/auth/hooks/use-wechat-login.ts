import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { wechatLogin } from '../api';
import { useCompleteSignIn } from './use-complete-sign-in';

/** Signs in with the code the WeChat official account sent (valid three minutes). */
export function useWechatLogin(returnTo: string | undefined) {
  const { message } = App.useApp();
  const completeSignIn = useCompleteSignIn();
  const mutation = useMutation({
    mutationFn: wechatLogin,
    onSuccess: (user) => completeSignIn(user, returnTo),
    onError: (error) => void message.error(error.message),
  });
  return { submit: (code: string) => mutation.mutate(code), isLoading: mutation.isPending };
}
