import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { BotCheck } from '../../../shared/identity/components/BotCheck';
import { SendCodeButton } from '../../../shared/identity/components/SendCodeButton';
import { useBotCheck } from '../../../shared/identity/hooks/use-bot-check';
import { useVerificationCode } from '../../../shared/identity/hooks/use-verification-code';

interface EmailBindDialogProps {
  open: boolean;
  submitting: boolean;
  onSubmit: (email: string, code: string) => void;
  onClose: () => void;
}

interface EmailBindValues {
  email: string;
  code: string;
}

/** Spec §4, §5: email and code required; the code can be re-sent after 30 s. */
export function EmailBindDialog({ open, submitting, onSubmit, onClose }: EmailBindDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmailBindValues>();
  const botCheck = useBotCheck();
  const code = useVerificationCode(botCheck);

  return (
    <Modal
      open={open}
      title={t('me.bindings.emailTitle')}
      okText={t('me.bindings.bind')}
      cancelText={t('me.cancel')}
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<EmailBindValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => onSubmit(values.email.trim(), values.code.trim())}
      >
        <Form.Item label={t('me.bindings.email')} required>
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
            <SendCodeButton code={code} onClick={() => code.send(form.getFieldValue('email') as string)} />
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="code"
          label={t('identity.register.verificationCode')}
          rules={[{ required: true, whitespace: true, message: t('identity.verification.codeRequired') }]}
        >
          <Input prefix={<SafetyOutlined />} placeholder={t('identity.verification.codePlaceholder')} />
        </Form.Item>
        <BotCheck check={botCheck} />
      </Form>
    </Modal>
  );
}
