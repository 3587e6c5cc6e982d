import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useBotCheck } from '../hooks/use-bot-check';
import { useVerificationCode } from '../hooks/use-verification-code';
import { SendCodeButton } from './SendCodeButton';

interface EmailCodeFieldsProps {
  emailLabel: string;
  /** The form's bot check: sending a code spends one of its tokens. */
  botCheck: ReturnType<typeof useBotCheck>;
}

/**
 * An email address with its "get code" button, then the mailed code (fields `email` and `verificationCode`,
 * both required; spec §4, §5). The code can be sent again after 30 s.
 */
export function EmailCodeFields({ emailLabel, botCheck }: EmailCodeFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<{ email?: string }>();
  const code = useVerificationCode(botCheck);

  return (
    <>
      <Form.Item label={emailLabel} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="email"
            noStyle
            rules={[
              { required: true, whitespace: true, message: t('identity.emailRequired') },
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
            onClick={() => code.send(form.getFieldValue('email') as string | undefined)}
          />
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="verificationCode"
        label={t('identity.register.verificationCode')}
        rules={[{ required: true, whitespace: true, message: t('identity.verification.codeRequired') }]}
      >
        <Input prefix={<SafetyOutlined />} placeholder={t('identity.verification.codePlaceholder')} />
      </Form.Item>
    </>
  );
}
