import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteAccount } from '../hooks/use-delete-account';

interface DeleteAccountDialogProps {
  open: boolean;
  username: string;
  hasPassword: boolean;
  onClose: () => void;
}

interface DeleteAccountValues {
  confirmation: string;
  password?: string;
}

/** Spec §5: the typed text must equal the user's own username. */
export function DeleteAccountDialog({ open, username, hasPassword, onClose }: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeleteAccountValues>();
  const { remove, isLoading } = useDeleteAccount();

  return (
    <Modal
      open={open}
      title={t('me.deleteAccount.title')}
      okText={t('me.deleteAccount.submit')}
      okButtonProps={{ danger: true }}
      cancelText={t('me.cancel')}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="error" showIcon title={t('me.deleteAccount.warning')} style={{ marginBottom: 16 }} />
      <Form<DeleteAccountValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => remove(values.password)}
      >
        <Form.Item
          name="confirmation"
          label={t('me.deleteAccount.confirmLabel', { username })}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                value === username
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('me.deleteAccount.mismatch'))),
            },
          ]}
        >
          <Input placeholder={username} autoComplete="off" />
        </Form.Item>
        {hasPassword && (
          <Form.Item
            name="password"
            label={t('me.deleteAccount.password')}
            rules={[{ required: true, message: t('me.deleteAccount.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
