import { USERNAME_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH } from '@tollgate/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../shared/components/FormDrawer';
import { passwordRules } from '../../../shared/password-rules';
import { useCreateUser } from '../hooks/use-create-user';
import type { AddUserValues } from '../user-form';

interface AddUserDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** Spec §5: username and password must not be empty. */
export function AddUserDrawer({ open, onClose }: AddUserDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddUserValues>();
  const { save, isSaving } = useCreateUser(onClose);

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={t('usersAdmin.add.title')}
      size={480}
      onSubmit={() => form.submit()}
      cancelText={t('usersAdmin.cancel')}
      submitText={t('usersAdmin.submit')}
      isSaving={isSaving}
    >
      <Form<AddUserValues> form={form} layout="vertical" onFinish={save}>
        <Form.Item
          name="username"
          label={t('usersAdmin.fields.username')}
          rules={[{ required: true, whitespace: true, message: t('usersAdmin.fields.usernameRequired') }]}
        >
          <Input
            placeholder={t('usersAdmin.fields.usernamePlaceholder')}
            maxLength={USERNAME_MAX_LENGTH}
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item name="display_name" label={t('usersAdmin.fields.displayName')}>
          <Input
            placeholder={t('usersAdmin.fields.displayNamePlaceholder')}
            maxLength={DISPLAY_NAME_MAX_LENGTH}
          />
        </Form.Item>
        <Form.Item name="password" label={t('usersAdmin.fields.password')} rules={passwordRules(t)}>
          <Input.Password
            placeholder={t('usersAdmin.fields.passwordPlaceholder')}
            autoComplete="new-password"
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
