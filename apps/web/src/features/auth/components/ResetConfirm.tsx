import { CopyOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Flex, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../lib/use-copy-text';
import { useResetConfirm } from '../hooks/use-reset-confirm';

/** The mailed link's page: confirm, then see (and copy) the new password. */
export function ResetConfirm({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation();
  const copyText = useCopyText();
  const navigate = useNavigate();
  const { confirm, isLoading, newPassword } = useResetConfirm(email, token);

  return (
    <Form layout="vertical">
      <Form.Item label={t('identity.reset.email')}>
        <Input value={email} readOnly variant="filled" />
      </Form.Item>
      {newPassword ? (
        <Flex vertical gap={16}>
          <Alert type="success" showIcon title={t('identity.reset.newPasswordHint')} />
          <Form.Item label={t('identity.reset.newPassword')} style={{ marginBottom: 0 }}>
            <Space.Compact style={{ width: '100%' }}>
              <Input value={newPassword} readOnly aria-label={t('identity.reset.newPassword')} />
              <Button icon={<CopyOutlined />} onClick={() => void copyText(newPassword)}>
                {t('identity.copy')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Button type="primary" block size="large" onClick={() => void navigate({ to: '/login' })}>
            {t('identity.reset.toLogin')}
          </Button>
        </Flex>
      ) : (
        <Button type="primary" block size="large" loading={isLoading} onClick={confirm}>
          {t('identity.reset.confirm')}
        </Button>
      )}
    </Form>
  );
}
