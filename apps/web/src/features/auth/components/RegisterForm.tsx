import { GiftOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { USERNAME_MAX_LENGTH } from '@tollgate/contracts';
import { useTranslation } from 'react-i18next';
import { PasswordFields } from '../../../shared/components/PasswordFields';
import { BotCheck } from '../../../shared/identity/components/BotCheck';
import { EmailCodeFields } from '../../../shared/identity/components/EmailCodeFields';
import { usePageTitle } from '../../../shared/page-title';
import { useStatus } from '../../../shared/status/use-status';
import { useRegister } from '../hooks/use-register';
import type { RegisterFormValues } from '../register-form';
import { ThirdPartyLogins } from './ThirdPartyLogins';

/** /register: `aff` (from the invite link) prefills the invite code. */
export function RegisterForm({ aff }: { aff?: string }) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  usePageTitle(t('identity.register.title'));
  const { submit, isLoading, botCheck } = useRegister();
  const emailVerification = Boolean(status?.email_verification);

  return (
    <Flex justify="center" style={{ paddingTop: 48 }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          {t('identity.register.title')}
        </Typography.Title>
        {status?.self_use_mode_enabled ? (
          <Alert type="info" showIcon title={t('identity.register.closed')} />
        ) : (
          <Form<RegisterFormValues>
            layout="vertical"
            requiredMark={false}
            initialValues={{ affCode: aff ?? '' }}
            onFinish={submit}
          >
            <Form.Item
              name="username"
              label={t('identity.register.username')}
              rules={[{ required: true, whitespace: true, message: t('identity.usernameRequired') }]}
            >
              <Input
                prefix={<UserOutlined />}
                placeholder={t('identity.register.usernamePlaceholder', {
                  // One limit on both sides (the spec's hint said 20 while accounts hold 12).
                  max: USERNAME_MAX_LENGTH,
                })}
                maxLength={USERNAME_MAX_LENGTH}
                showCount
                autoComplete="username"
              />
            </Form.Item>
            <PasswordFields
              passwordLabel={t('identity.register.password')}
              passwordPlaceholder={t('identity.register.passwordPlaceholder')}
              confirmLabel={t('identity.register.confirmPassword')}
              confirmPlaceholder={t('identity.register.confirmPlaceholder')}
              mismatchText={t('identity.register.mismatch')}
              withIcons
            />
            {emailVerification && (
              <EmailCodeFields emailLabel={t('identity.register.email')} botCheck={botCheck} />
            )}
            <Form.Item name="affCode" label={t('identity.register.affCode')}>
              <Input prefix={<GiftOutlined />} placeholder={t('identity.register.affCodePlaceholder')} />
            </Form.Item>
            <BotCheck check={botCheck} />
            <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
              {t('identity.register.submit')}
            </Button>
          </Form>
        )}
        <Typography.Paragraph
          type="secondary"
          style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}
        >
          {t('identity.register.haveAccount')} <Link to="/login">{t('identity.register.toLogin')}</Link>
        </Typography.Paragraph>
        {!status?.self_use_mode_enabled && <ThirdPartyLogins aff={aff} />}
      </Card>
    </Flex>
  );
}
