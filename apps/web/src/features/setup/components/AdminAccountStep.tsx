import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '../setup-form';

export function AdminAccountStep({ rootInitialised }: { rootInitialised: boolean }) {
  const { t } = useTranslation();
  if (rootInitialised) return <Alert type="info" showIcon title={t('setup.rootInitialized')} />;

  const usernameRules: Rule[] = [
    {
      validator: (_, value: string | undefined) =>
        value?.trim() ? Promise.resolve() : Promise.reject(new Error(t('setup.usernameRequired'))),
    },
  ];
  const passwordRules: Rule[] = [
    {
      validator: (_, value: string | undefined) =>
        (value ?? '').length >= MIN_PASSWORD_LENGTH
          ? Promise.resolve()
          : Promise.reject(new Error(t('setup.passwordMin'))),
    },
  ];
  const confirmRules: Rule[] = [
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        value === getFieldValue('password')
          ? Promise.resolve()
          : Promise.reject(new Error(t('setup.confirmMismatch'))),
    }),
  ];

  return (
    <>
      <Form.Item name="username" label={t('setup.usernameLabel')} required rules={usernameRules}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('setup.usernamePlaceholder')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item name="password" label={t('setup.passwordLabel')} required rules={passwordRules}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('setup.passwordPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('setup.confirmLabel')}
        required
        dependencies={['password']}
        rules={confirmRules}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('setup.confirmPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
