import { useMutation } from '@tanstack/react-query';
import { EMAIL_CODE_RESEND_SECONDS } from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../hooks/use-countdown';
import { sendVerificationCode } from '../api';
import type { useBotCheck } from './use-bot-check';

/**
 * Sends an email verification code; the 30 s resend countdown (spec §4, §9) starts once the server has
 * accepted the request, and a refusal (no SMTP, a bad address) is shown instead.
 */
export function useVerificationCode(botCheck: ReturnType<typeof useBotCheck>) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const countdown = useCountdown(EMAIL_CODE_RESEND_SECONDS);

  const mutation = useMutation({
    mutationFn: ({ email, turnstile }: { email: string; turnstile: string }) =>
      sendVerificationCode(email, turnstile),
    onSuccess: () => {
      countdown.start();
      void message.success(t('identity.verification.sent'));
    },
    onError: (error) => void message.error(error.message),
  });

  const send = (email: string | undefined): void => {
    const address = email?.trim() ?? '';
    if (!address) {
      void message.error(t('identity.emailRequired'));
      return;
    }
    const turnstile = botCheck.take();
    if (turnstile === null) return;
    mutation.mutate({ email: address, turnstile });
  };

  return { send, isSending: mutation.isPending, remaining: countdown.remaining, resting: countdown.running };
}
