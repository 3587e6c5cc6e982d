import type { AdminUser } from '@tollgate/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

const FIELDS = [
  { key: 'email', label: 'usersAdmin.bound.email' },
  { key: 'github_id', label: 'usersAdmin.bound.github' },
  { key: 'oidc_id', label: 'usersAdmin.bound.oidc' },
  { key: 'wechat_id', label: 'usersAdmin.bound.wechat' },
  { key: 'telegram_id', label: 'usersAdmin.bound.telegram' },
  { key: 'linux_do_id', label: 'usersAdmin.bound.linuxdo' },
] as const;

/** Spec §6: bound third-party ids are read-only to administrators. */
export function BoundAccounts({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  return FIELDS.map(({ key, label }) => (
    <Form.Item key={key} label={t(label)}>
      <Input value={user[key]} readOnly placeholder={t('usersAdmin.bound.readOnly')} />
    </Form.Item>
  ));
}
