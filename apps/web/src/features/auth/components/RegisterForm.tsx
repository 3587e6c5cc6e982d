import { GiftOutlined, LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BotCheck } from '../../../shared/identity/components/BotCheck';
import { SendCodeButton } from '../../../shared/identity/components/SendCodeButton';
import { useVerificationCode } from '../../../shared/identity/hooks/use-verification-code';
import { confirmRules, passwordRules } from '../../../shared/password-rules';
import { useStatus } from '../../../shared/status/use-status';
import { useRegister } from '../hooks/use-register';
import { REGISTER_USERNAME_HINT_LENGTH, type RegisterFormValues } from '../register-form';
import { ThirdPartyLogins } from './ThirdPartyLogins';

/** /register: `aff` (from the invite link) prefills the invite code. */
export function RegisterForm({ aff }: { aff?: string }) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const [form] = Form.useForm<RegisterFormValues>();
  const { submit, isLoading, botCheck } = useRegister();
  const code = useVerificationCode(botCheck);
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
            form={form}
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
                  max: REGISTER_USERNAME_HINT_LENGTH,
                })}
                maxLength={REGISTER_USERNAME_HINT_LENGTH}
                autoComplete="username"
              />
            </Form.Item>
            <Form.Item name="password" label={t('identity.register.password')} rules={passwordRules(t)}>
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('identity.register.passwordPlaceholder')}
                autoComplete="new-password"
              />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('identity.register.confirmPassword')}
              dependencies={['password']}
              rules={confirmRules(t, 'password', t('identity.register.mismatch'))}
            >
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('identity.register.confirmPlaceholder')}
                autoComplete="new-password"
              />
            </Form.Item>
            {emailVerification && (
              <>
                <Form.Item label={t('identity.register.email')} required>
                  <Space.Compact style={{ width: '100%' }}>
                    <Form.Item
                      name="email"
                      noStyle
                      rules={[
                        { required: true, message: t('identity.emailRequired') },
                        { type: 'email', message: t('identity.emailInvalid') },
                      ]}
                    >
                      <Input
                        prefix={<MailOutlined />}
                        placeholder={t('identity.emailPlaceholder')}
                        autoComplete="email"
                      />
                    </Form.Item>
                    <SendCodeButton
                      code={code}
                      onClick={() => code.send(form.getFieldValue('email') as string)}
                    />
                  </Space.Compact>
                </Form.Item>
                <Form.Item
                  name="verificationCode"
                  label={t('identity.register.verificationCode')}
                  rules={[
                    { required: true, whitespace: true, message: t('identity.verification.codeRequired') },
                  ]}
                >
                  <Input
                    prefix={<SafetyOutlined />}
                    placeholder={t('identity.verification.codePlaceholder')}
                  />
                </Form.Item>
              </>
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
