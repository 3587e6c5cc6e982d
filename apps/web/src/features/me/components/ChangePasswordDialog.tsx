import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordFields } from '../../../shared/components/PasswordFields';
import { useChangePassword, type ChangePasswordValues } from '../hooks/use-change-password';

interface ChangePasswordDialogProps {
  open: boolean;
  /** Accounts created through a provider have no password to confirm. */
  hasPassword: boolean;
  onClose: () => void;
}

/** Spec §5: the two entries must match. */
export function ChangePasswordDialog({ open, hasPassword, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordValues>();
  const { submit, isLoading } = useChangePassword(onClose);

  return (
    <Modal
      open={open}
      title={t('me.password.title')}
      okText={t('me.password.submit')}
      cancelText={t('me.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ChangePasswordValues> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        {hasPassword && (
          <Form.Item
            name="originalPassword"
            label={t('me.password.original')}
            rules={[{ required: true, message: t('me.password.originalRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        <PasswordFields
          passwordLabel={t('me.password.new')}
          confirmLabel={t('me.password.confirm')}
          mismatchText={t('me.password.mismatch')}
        />
      </Form>
    </Modal>
  );
}
