import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useVerificationCode } from '../hooks/use-verification-code';

interface SendCodeButtonProps {
  code: ReturnType<typeof useVerificationCode>;
  onClick: () => void;
}

/** "Get code", then "Resend (n)" while the 30 s countdown runs. */
export function SendCodeButton({ code, onClick }: SendCodeButtonProps) {
  const { t } = useTranslation();
  return (
    <Button loading={code.isSending} disabled={code.resting} onClick={onClick}>
      {code.resting
        ? t('identity.verification.resend', { seconds: code.remaining })
        : t('identity.verification.send')}
    </Button>
  );
}
