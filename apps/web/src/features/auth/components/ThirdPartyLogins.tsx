import { GithubOutlined, LoginOutlined, WechatOutlined } from '@ant-design/icons';
import type { OAuthCodeProvider } from '@tollgate/contracts';
import { Button, Divider, Flex } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TelegramWidget } from '../../../shared/identity/components/TelegramWidget';
import { WechatDialog } from '../../../shared/identity/components/WechatDialog';
import { useOAuthStart } from '../../../shared/identity/hooks/use-oauth-start';
import { useStatus } from '../../../shared/status/use-status';
import { useTelegramLogin } from '../hooks/use-telegram-login';
import { useWechatLogin } from '../hooks/use-wechat-login';

interface ThirdPartyLoginsProps {
  returnTo?: string;
  /** On the register page: the invite code, kept for a sign-up through a provider. */
  aff?: string;
}

/** The other sign-in methods the site turned on (status flags); nothing at all when none is. */
export function ThirdPartyLogins({ returnTo, aff }: ThirdPartyLoginsProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const oauth = useOAuthStart();
  const wechat = useWechatLogin(returnTo);
  const telegram = useTelegramLogin(returnTo);
  const [wechatOpen, setWechatOpen] = useState(false);

  const providers: Array<{ provider: OAuthCodeProvider; on: boolean; label: string; icon: ReactNode }> = [
    {
      provider: 'github',
      on: Boolean(status?.github_oauth),
      label: t('identity.oauth.github'),
      icon: <GithubOutlined />,
    },
    {
      provider: 'oidc',
      on: Boolean(status?.oidc_enabled),
      label: t('identity.oauth.oidc'),
      icon: <LoginOutlined />,
    },
    {
      provider: 'linuxdo',
      on: Boolean(status?.linuxdo_oauth),
      label: t('identity.oauth.linuxdo'),
      icon: <LoginOutlined />,
    },
  ];
  const shown = providers.filter((entry) => entry.on);
  const wechatOn = Boolean(status?.wechat_login);
  const telegramOn = Boolean(status?.telegram_oauth && status.telegram_bot_name);
  if (shown.length === 0 && !wechatOn && !telegramOn) return null;

  return (
    <>
      <Divider plain>{t('identity.oauth.divider')}</Divider>
      <Flex vertical gap={8}>
        {shown.map(({ provider, label, icon }) => (
          <Button
            key={provider}
            block
            icon={icon}
            loading={oauth.pendingProvider === provider}
            onClick={() => oauth.start({ provider, aff, returnTo })}
          >
            {label}
          </Button>
        ))}
        {wechatOn && (
          <Button block icon={<WechatOutlined />} onClick={() => setWechatOpen(true)}>
            {t('identity.oauth.wechat')}
          </Button>
        )}
        {telegramOn && status && (
          <TelegramWidget botName={status.telegram_bot_name} onAuth={telegram.submit} />
        )}
      </Flex>
      <WechatDialog
        open={wechatOpen}
        okText={t('identity.wechat.login')}
        submitting={wechat.isLoading}
        onSubmit={wechat.submit}
        onClose={() => setWechatOpen(false)}
      />
    </>
  );
}
