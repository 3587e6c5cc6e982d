import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TelegramLoginData } from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { selfQuery } from '../../../shared/session/api';
import { bindEmail, bindTelegram, bindWechat } from '../api';

type BindRequest =
  | { kind: 'email'; email: string; code: string }
  | { kind: 'wechat'; code: string }
  | { kind: 'telegram'; fields: TelegramLoginData };

function send(request: BindRequest) {
  switch (request.kind) {
    case 'email':
      return bindEmail(request.email, request.code);
    case 'wechat':
      return bindWechat(request.code);
    case 'telegram':
      return bindTelegram(request.fields);
  }
}

/** Binds email, WeChat or Telegram in place (the OAuth providers bind through their callback page). */
export function useBindAccount(onBound: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async () => {
      void message.success(t('identity.oauth.bound'));
      onBound();
      await queryClient.invalidateQueries({ queryKey: selfQuery.queryKey });
    },
    onError: (error) => void message.error(error.message),
  });
  return {
    bind: (request: BindRequest) => mutation.mutate(request),
    pending: mutation.isPending ? mutation.variables.kind : null,
  };
}
