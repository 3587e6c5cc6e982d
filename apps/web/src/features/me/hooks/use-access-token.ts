import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useCopyText } from '../../../lib/use-copy-text';
import { generateAccessToken } from '../api';

/** A new system access token, shown once and copied straight away. */
export function useAccessToken() {
  const { message } = App.useApp();
  const copyText = useCopyText();
  const mutation = useMutation({
    mutationFn: generateAccessToken,
    // The copy confirms it (or, when the browser refuses, shows the token to copy by hand).
    onSuccess: (token) => copyText(token),
    onError: (error) => void message.error(error.message),
  });
  return {
    token: mutation.data,
    generate: () => mutation.mutate(),
    isLoading: mutation.isPending,
    copy: (token: string) => void copyText(token),
  };
}
