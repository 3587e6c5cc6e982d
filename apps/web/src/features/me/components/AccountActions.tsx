import { CopyOutlined, DeleteOutlined, KeyOutlined, LockOutlined } from '@ant-design/icons';
import { isRoot, type SelfUser } from '@tollgate/contracts';
import { Button, Card, Flex, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessToken } from '../hooks/use-access-token';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/** Change password, system access token, delete own account. */
export function AccountActions({ user }: { user: SelfUser }) {
  const { t } = useTranslation();
  const accessToken = useAccessToken();
  const [dialog, setDialog] = useState<'password' | 'delete' | null>(null);

  return (
    <Card title={t('me.account.title')}>
      <Flex vertical gap={16}>
        <Flex gap={8} wrap>
          <Button icon={<LockOutlined />} onClick={() => setDialog('password')}>
            {t('me.password.title')}
          </Button>
          <Button icon={<KeyOutlined />} loading={accessToken.isLoading} onClick={accessToken.generate}>
            {t('me.accessToken.generate')}
          </Button>
          {/* The super administrator's account cannot be deleted (spec §6). */}
          {!isRoot(user.role) && (
            <Button danger icon={<DeleteOutlined />} onClick={() => setDialog('delete')}>
              {t('me.deleteAccount.title')}
            </Button>
          )}
        </Flex>
        <Typography.Text type="secondary">{t('me.accessToken.hint')}</Typography.Text>
        {accessToken.token && (
          <Space.Compact style={{ maxWidth: 560 }}>
            <Input value={accessToken.token} readOnly aria-label={t('me.accessToken.label')} />
            <Button icon={<CopyOutlined />} onClick={() => accessToken.copy(accessToken.token ?? '')}>
              {t('me.copy')}
            </Button>
          </Space.Compact>
        )}
      </Flex>
      <ChangePasswordDialog
        open={dialog === 'password'}
        hasPassword={user.has_password}
        onClose={() => setDialog(null)}
      />
      <DeleteAccountDialog
        open={dialog === 'delete'}
        username={user.username}
        hasPassword={user.has_password}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}
