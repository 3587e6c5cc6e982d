import { GithubOutlined, LoginOutlined, MailOutlined, SendOutlined, WechatOutlined } from '@ant-design/icons';
import type { OAuthCodeProvider, SelfUser } from '@tollgate/contracts';
import { Button, List, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TelegramWidget } from '../../../shared/identity/components/TelegramWidget';
import { WechatDialog } from '../../../shared/identity/components/WechatDialog';
import { useOAuthStart } from '../../../shared/identity/hooks/use-oauth-start';
import { useStatus } from '../../../shared/status/use-status';
import { useBindAccount } from '../hooks/use-bind-account';
import { EmailBindDialog } from './EmailBindDialog';

interface BindingRow {
  key: string;
  icon: ReactNode;
  title: string;
  value: string;
  /** The provider is turned on for this site; bound ids stay listed either way. */
  available: boolean;
  action: ReactNode;
}

/** Email and third-party accounts: bound ids are shown read-only; unbound ones get a bind action. */
export function BindingsTab({ user }: { user: SelfUser }) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const oauth = useOAuthStart();
  const [dialog, setDialog] = useState<'email' | 'wechat' | null>(null);
  const binding = useBindAccount(() => setDialog(null));

  const oauthButton = (provider: OAuthCodeProvider, bound: string) => (
    <Button
      disabled={Boolean(bound)}
      loading={oauth.pendingProvider === provider}
      onClick={() => oauth.start({ provider })}
    >
      {bound ? t('me.bindings.bound') : t('me.bindings.bind')}
    </Button>
  );

  const rows: BindingRow[] = [
    {
      key: 'email',
      icon: <MailOutlined />,
      title: t('me.bindings.email'),
      value: user.email,
      available: true,
      action: (
        <Button onClick={() => setDialog('email')}>
          {user.email ? t('me.bindings.change') : t('me.bindings.bind')}
        </Button>
      ),
    },
    {
      key: 'github',
      icon: <GithubOutlined />,
      title: 'GitHub',
      value: user.github_id,
      available: Boolean(status?.github_oauth),
      action: oauthButton('github', user.github_id),
    },
    {
      key: 'oidc',
      icon: <LoginOutlined />,
      title: 'OIDC',
      value: user.oidc_id,
      available: Boolean(status?.oidc_enabled),
      action: oauthButton('oidc', user.oidc_id),
    },
    {
      key: 'linuxdo',
      icon: <LoginOutlined />,
      title: 'Linux DO',
      value: user.linux_do_id,
      available: Boolean(status?.linuxdo_oauth),
      action: oauthButton('linuxdo', user.linux_do_id),
    },
    {
      key: 'wechat',
      icon: <WechatOutlined />,
      title: t('me.bindings.wechat'),
      value: user.wechat_id,
      available: Boolean(status?.wechat_login),
      action: (
        <Button disabled={Boolean(user.wechat_id)} onClick={() => setDialog('wechat')}>
          {user.wechat_id ? t('me.bindings.bound') : t('me.bindings.bind')}
        </Button>
      ),
    },
    {
      key: 'telegram',
      icon: <SendOutlined />,
      title: 'Telegram',
      value: user.telegram_id,
      available: Boolean(status?.telegram_oauth && status.telegram_bot_name),
      action:
        user.telegram_id || !status ? (
          <Button disabled>{t('me.bindings.bound')}</Button>
        ) : (
          <TelegramWidget
            botName={status.telegram_bot_name}
            onAuth={(fields) => binding.bind({ kind: 'telegram', fields })}
          />
        ),
    },
  ];

  return (
    <>
      <List
        itemLayout="horizontal"
        dataSource={rows.filter((row) => row.available || row.value)}
        renderItem={(row) => (
          <List.Item actions={row.available ? [row.action] : []}>
            <List.Item.Meta
              avatar={row.icon}
              title={row.title}
              description={
                row.value ? (
                  <Typography.Text copyable>{row.value}</Typography.Text>
                ) : (
                  <Typography.Text type="secondary">{t('me.bindings.unbound')}</Typography.Text>
                )
              }
            />
          </List.Item>
        )}
      />
      <EmailBindDialog
        open={dialog === 'email'}
        submitting={binding.pending === 'email'}
        onSubmit={(email, code) => binding.bind({ kind: 'email', email, code })}
        onClose={() => setDialog(null)}
      />
      <WechatDialog
        open={dialog === 'wechat'}
        okText={t('identity.wechat.bind')}
        submitting={binding.pending === 'wechat'}
        onSubmit={(code) => binding.bind({ kind: 'wechat', code })}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
