import { useMutation } from '@tanstack/react-query';
import { PASSWORD_RESET_COOLDOWN_SECONDS } from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../shared/hooks/use-countdown';
import { useBotCheck } from '../../../shared/identity/hooks/use-bot-check';
import { requestPasswordReset } from '../api';

/** Asks the server to mail a reset link; once it has accepted, the button rests 30 s (spec §4, 001 §9). */
export function useResetRequest(onSent: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const botCheck = useBotCheck();
  const countdown = useCountdown(PASSWORD_RESET_COOLDOWN_SECONDS);

  const mutation = useMutation({
    mutationFn: ({ email, turnstile }: { email: string; turnstile: string }) =>
      requestPasswordReset(email, turnstile),
    onSuccess: () => {
      countdown.start();
      void message.success(t('identity.reset.sent'));
      onSent();
    },
    onError: (error) => void message.error(error.message),
  });

  const submit = ({ email }: { email: string }): void => {
    const turnstile = botCheck.take();
    if (turnstile === null) return;
    mutation.mutate({ email: email.trim(), turnstile });
  };

  return {
    submit,
    isLoading: mutation.isPending,
    remaining: countdown.remaining,
    resting: countdown.running,
    botCheck,
  };
}
