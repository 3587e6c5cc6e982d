import {
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '@tollgate/contracts';
import { Button, Divider, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/format-quota';
import { FormDrawer } from '../../../shared/components/FormDrawer';
import { useStatus } from '../../../shared/status/use-status';
import { useEditUser } from '../hooks/use-edit-user';
import { useGroups } from '../hooks/use-groups';
import { editValues, type EditUserValues } from '../user-form';
import { BoundAccounts } from './BoundAccounts';
import { QuotaAddDialog } from './QuotaAddDialog';

interface EditUserDrawerProps {
  id: number | null;
  onClose: () => void;
}

/** Group, quota, username, display name, password (spec §6); bound accounts read-only. */
export function EditUserDrawer({ id, onClose }: EditUserDrawerProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const [form] = Form.useForm<EditUserValues>();
  const { data: user, isLoading, save, isSaving } = useEditUser(id, onClose);
  const groups = useGroups();
  const [quotaDialog, setQuotaDialog] = useState(false);
  const quota = Form.useWatch('quota', form);

  return (
    <FormDrawer
      open={id !== null}
      onClose={onClose}
      title={t('usersAdmin.edit.title')}
      size={520}
      loading={isLoading && !user}
      canSubmit={user !== undefined}
      onSubmit={() => form.submit()}
      cancelText={t('usersAdmin.cancel')}
      submitText={t('usersAdmin.submit')}
      isSaving={isSaving}
    >
      {user && (
        <Form<EditUserValues> form={form} layout="vertical" initialValues={editValues(user)} onFinish={save}>
          <Form.Item
            name="username"
            label={t('usersAdmin.fields.username')}
            rules={[{ required: true, whitespace: true, message: t('usersAdmin.fields.usernameRequired') }]}
          >
            <Input maxLength={USERNAME_MAX_LENGTH} autoComplete="off" />
          </Form.Item>
          <Form.Item name="display_name" label={t('usersAdmin.fields.displayName')}>
            <Input maxLength={DISPLAY_NAME_MAX_LENGTH} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('usersAdmin.fields.password')}
            rules={[
              { min: PASSWORD_MIN_LENGTH, message: t('usersAdmin.fields.newPasswordTooShort') },
              { max: PASSWORD_MAX_LENGTH, message: t('identity.passwordTooLong') },
            ]}
          >
            <Input.Password
              placeholder={t('usersAdmin.fields.newPasswordPlaceholder')}
              autoComplete="new-password"
            />
          </Form.Item>
          <Form.Item name="group" label={t('usersAdmin.fields.group')}>
            <Select showSearch options={groups.options} loading={groups.isLoading} />
          </Form.Item>
          <Form.Item label={t('usersAdmin.fields.quota')} extra={formatQuota(quota ?? user.quota, status)}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="quota" noStyle>
                <InputNumber
                  min={0}
                  precision={0}
                  style={{ width: '100%' }}
                  aria-label={t('usersAdmin.fields.quota')}
                />
              </Form.Item>
              <Button onClick={() => setQuotaDialog(true)}>{t('usersAdmin.quotaAdd.title')}</Button>
            </Space.Compact>
          </Form.Item>
          <Divider titlePlacement="start">{t('usersAdmin.edit.bindings')}</Divider>
          <Typography.Paragraph type="secondary">{t('usersAdmin.edit.bindingsHint')}</Typography.Paragraph>
          <BoundAccounts user={user} />
        </Form>
      )}
      <QuotaAddDialog
        open={quotaDialog}
        current={quota ?? user?.quota ?? 0}
        onApply={(next) => {
          form.setFieldValue('quota', next);
          setQuotaDialog(false);
        }}
        onClose={() => setQuotaDialog(false)}
      />
    </FormDrawer>
  );
}
