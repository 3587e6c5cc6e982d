import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules, passwordRules } from '../password-rules';

interface PasswordFieldsProps {
  passwordLabel: string;
  confirmLabel: string;
  /** Shown when the two entries differ. */
  mismatchText: string;
  passwordPlaceholder?: string;
  confirmPlaceholder?: string;
  /** A lock in front of each entry, as on the sign-in pages. */
  withIcons?: boolean;
}

/** A new password and its confirmation (fields `password` and `confirmPassword`), which must match (spec §5). */
export function PasswordFields(props: PasswordFieldsProps) {
  const { t } = useTranslation();
  const prefix = props.withIcons ? <LockOutlined /> : undefined;
  return (
    <>
      <Form.Item name="password" label={props.passwordLabel} rules={passwordRules(t)}>
        <Input.Password prefix={prefix} placeholder={props.passwordPlaceholder} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={props.confirmLabel}
        dependencies={['password']}
        rules={confirmRules(t, 'password', props.mismatchText)}
      >
        <Input.Password prefix={prefix} placeholder={props.confirmPlaceholder} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
