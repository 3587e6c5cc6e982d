import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { BotCheck } from '../../../shared/identity/components/BotCheck';
import { useResetRequest } from '../hooks/use-reset-request';

/** Email, optional bot check, submit (then 30 s of "retry (n)"). */
export function ResetRequestForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const request = useResetRequest(() => form.resetFields());

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={request.submit}>
      <Form.Item
        name="email"
        label={t('identity.reset.email')}
        rules={[
          { required: true, whitespace: true, message: t('identity.emailRequired') },
          { type: 'email', message: t('identity.emailInvalid') },
        ]}
      >
        <Input prefix={<MailOutlined />} placeholder={t('identity.emailPlaceholder')} autoComplete="email" />
      </Form.Item>
      <BotCheck check={request.botCheck} />
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={request.isLoading}
        disabled={request.resting}
      >
        {request.resting
          ? t('identity.reset.retry', { seconds: request.remaining })
          : t('identity.reset.submit')}
      </Button>
    </Form>
  );
}
