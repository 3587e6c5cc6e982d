import type { SelfUser } from '@tollgate/contracts';
import { AutoComplete, Button, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_QUOTA_PER_UNIT, formatQuota } from '../../../lib/format-quota';
import { useStatus } from '../../../shared/status/use-status';
import { useUserSetting } from '../hooks/use-user-setting';
import {
  QUOTA_WARNING_PRESETS,
  isHttpsUrl,
  isThreshold,
  notifyChanges,
  notifyFormValues,
  type NotifyFormValues,
} from '../notify-form';

/** Quota warnings by email or webhook (spec §3 user setting, §5 webhook must be https, §9 presets). */
export function NotificationTab({ user }: { user: SelfUser }) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const setting = useUserSetting(user);
  const [form] = Form.useForm<NotifyFormValues>();
  const notifyType = Form.useWatch('notify_type', form);
  // Presets name their dollar value whatever the site's display mode.
  const inDollars = {
    quota_per_unit: status?.quota_per_unit ?? DEFAULT_QUOTA_PER_UNIT,
    display_in_currency: true,
  };
  const presets = QUOTA_WARNING_PRESETS.map((value) => ({
    value: String(value),
    label: `${value}（${formatQuota(value, inDollars)}）`,
  }));

  return (
    <Form<NotifyFormValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={notifyFormValues(user.setting)}
      onFinish={(values) => setting.save(notifyChanges(values))}
    >
      <Form.Item name="notify_type" label={t('me.notify.type')}>
        <Radio.Group
          options={[
            { value: 'email', label: t('me.notify.email') },
            { value: 'webhook', label: t('me.notify.webhook') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="quota_warning_threshold"
        label={t('me.notify.threshold')}
        extra={t('me.notify.thresholdHint')}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              isThreshold(value ?? '')
                ? Promise.resolve()
                : Promise.reject(new Error(t('me.notify.thresholdInvalid'))),
          },
        ]}
      >
        <AutoComplete options={presets} placeholder={t('me.notify.thresholdPlaceholder')} />
      </Form.Item>
      {notifyType === 'webhook' ? (
        <>
          <Form.Item
            name="webhook_url"
            label={t('me.notify.webhookUrl')}
            rules={[
              { required: true, whitespace: true, message: t('me.notify.webhookRequired') },
              {
                validator: (_, value: string | undefined) =>
                  !value || isHttpsUrl(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('me.notify.webhookHttps'))),
              },
            ]}
          >
            <Input placeholder="https://example.com/webhook" />
          </Form.Item>
          <Form.Item
            name="webhook_secret"
            label={t('me.notify.webhookSecret')}
            extra={t('me.notify.webhookSecretHint')}
          >
            <Input.Password autoComplete="off" />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          name="notification_email"
          label={t('me.notify.notificationEmail')}
          rules={[{ type: 'email', message: t('identity.emailInvalid') }]}
        >
          <Input placeholder={t('me.notify.notificationEmailPlaceholder')} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={setting.isSaving}>
        {t('me.save')}
      </Button>
    </Form>
  );
}
