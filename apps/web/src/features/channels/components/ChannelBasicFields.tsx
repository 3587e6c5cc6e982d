import { RELAYED_CHANNEL_TYPES, channelTypeInfo } from '@tollgate/contracts';
import { Alert, AutoComplete, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ChannelFormValues, endsWithV1 } from '../channel-form';
import { useChannelTypeName } from '../hooks/use-channel-type-name';
import type { TypeFields } from '../hooks/use-type-fields';

/** Type, name, base URL and the type's `other` input, labelled per type. */
export function ChannelBasicFields({ fields }: { fields: TypeFields }) {
  const { t } = useTranslation();
  const typeName = useChannelTypeName();
  const form = Form.useFormInstance<ChannelFormValues>();
  const baseUrl = Form.useWatch('base_url', form) ?? '';
  const type = Form.useWatch('type', form);
  // Only the types the relay serves; a stored channel of another type shows its own, not to be picked again.
  const kept = type !== undefined && channelTypeInfo(type)?.relayed === false ? [type] : [];
  const typeOptions = [
    ...RELAYED_CHANNEL_TYPES.map((info) => ({ value: info.id, label: typeName(info.id), disabled: false })),
    ...kept.map((id) => ({ value: id, label: typeName(id), disabled: true })),
  ];

  return (
    <>
      <Form.Item name="type" label={t('channels.form.type')}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={typeOptions} />
      </Form.Item>
      {fields.notice && <Alert type="warning" showIcon title={fields.notice} style={{ marginBottom: 16 }} />}
      <Form.Item name="name" label={t('channels.form.name')} required>
        <Input placeholder={t('channels.form.namePlaceholder')} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="base_url"
        label={t('channels.form.baseUrl')}
        extra={
          endsWithV1(baseUrl) ? (
            <Typography.Text type="warning">{t('channels.form.baseUrlV1Hint')}</Typography.Text>
          ) : undefined
        }
      >
        {fields.baseUrlOptions.length > 0 ? (
          <AutoComplete
            placeholder={fields.baseUrlPlaceholder}
            options={fields.baseUrlOptions.map((url) => ({ value: url }))}
          />
        ) : (
          <Input placeholder={fields.baseUrlPlaceholder} autoComplete="off" />
        )}
      </Form.Item>
      {fields.other && (
        <Form.Item name="other" label={fields.other.label}>
          <Input placeholder={fields.other.placeholder} autoComplete="off" />
        </Form.Item>
      )}
    </>
  );
}
