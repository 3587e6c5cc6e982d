import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import type { LoginRequest } from '@tollgate/contracts';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BotCheck } from '../../../shared/identity/components/BotCheck';
import { usePageTitle } from '../../../shared/page-title';
import { useStatus } from '../../../shared/status/use-status';
import { useLogin } from '../hooks/use-login';
import type { LoginSearch } from '../login-search';
import { ThirdPartyLogins } from './ThirdPartyLogins';

export function LoginForm({ expired, returnTo }: LoginSearch) {
  const { t } = useTranslation();
  const { submit, isLoading, botCheck } = useLogin(returnTo);
  const { data: status } = useStatus();
  usePageTitle(t('auth.title'));

  return (
    <Flex justify="center" style={{ paddingTop: 48 }}>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          {t('auth.title')}
        </Typography.Title>
        {expired && <Alert type="warning" showIcon title={t('auth.expired')} style={{ marginBottom: 24 }} />}
        <Form<Partial<LoginRequest>> layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="username" label={t('auth.usernameLabel')}>
            <Input
              prefix={<UserOutlined />}
              placeholder={t('auth.usernamePlaceholder')}
              autoComplete="username"
              size="large"
            />
          </Form.Item>
          <Form.Item name="password" label={t('auth.passwordLabel')}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('auth.passwordPlaceholder')}
              autoComplete="current-password"
              size="large"
            />
          </Form.Item>
          <BotCheck check={botCheck} />
          <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
            {t('auth.submit')}
          </Button>
        </Form>
        <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
          {!status?.self_use_mode_enabled && (
            <Typography.Text type="secondary">
              {t('auth.noAccount')} <Link to="/register">{t('auth.register')}</Link>
            </Typography.Text>
          )}
          <Typography.Text type="secondary">
            {t('auth.forgotPassword')} <Link to="/reset">{t('auth.resetPassword')}</Link>
          </Typography.Text>
        </Flex>
        <ThirdPartyLogins returnTo={returnTo} />
      </Card>
    </Flex>
  );
}
