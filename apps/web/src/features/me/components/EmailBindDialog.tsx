import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { BotCheck } from '../../../shared/identity/components/BotCheck';
import { EmailCodeFields } from '../../../shared/identity/components/EmailCodeFields';
import { useBotCheck } from '../../../shared/identity/hooks/use-bot-check';

interface EmailBindDialogProps {
  open: boolean;
  submitting: boolean;
  onSubmit: (email: string, code: string) => void;
  onClose: () => void;
}

interface EmailBindValues {
  email: string;
  verificationCode: string;
}

/** Spec §4, §5: email and code required; the code can be re-sent after 30 s. */
export function EmailBindDialog({ open, submitting, onSubmit, onClose }: EmailBindDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmailBindValues>();
  const botCheck = useBotCheck();

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
        onFinish={(values) => onSubmit(values.email.trim(), values.verificationCode.trim())}
      >
        <EmailCodeFields emailLabel={t('me.bindings.email')} botCheck={botCheck} />
        <BotCheck check={botCheck} />
      </Form>
    </Modal>
  );
}
