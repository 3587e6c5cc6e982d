import type { ChannelView } from '@tollgate/contracts';
import { Alert, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelFormValues } from '../channel-form';
import type { TypeFields } from '../hooks/use-type-fields';

interface ChannelKeyFieldProps {
  fields: TypeFields;
  /** The stored channel when editing; undefined when adding. */
  stored?: ChannelView;
}

/** The key input with, when adding, the spec's add modes: single, batch (a channel per line), multi-key. */
export function ChannelKeyField({ fields, stored }: ChannelKeyFieldProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  const mode = Form.useWatch('mode', form) ?? 'single';
  const adding = stored === undefined;
  const multiKey = adding ? fields.severalKeys && mode !== 'single' : stored.channel_info.is_multi_key;

  const storedHint = stored?.has_key
    ? multiKey
      ? t('channels.form.keysSet', { count: stored.key_count })
      : t('channels.form.keySet')
    : undefined;
  const placeholder = storedHint ?? (multiKey ? fields.keyLinesPlaceholder : fields.keyPlaceholder);
  const textArea = multiKey || fields.jsonKey;

  return (
    <>
      {adding && fields.severalKeys && (
        <Form.Item
          name="mode"
          label={t('channels.form.addMode')}
          extra={
            mode === 'batch'
              ? t('channels.form.modeBatchHint')
              : mode === 'multi_to_single'
                ? t('channels.form.modeMultiHint')
                : undefined
          }
        >
          <Radio.Group
            optionType="button"
            options={[
              { value: 'single', label: t('channels.form.modeSingle') },
              { value: 'batch', label: t('channels.form.modeBatch') },
              { value: 'multi_to_single', label: t('channels.form.modeMulti') },
            ]}
          />
        </Form.Item>
      )}
      {adding && !fields.severalKeys && (
        <Alert type="info" showIcon title={t('channels.form.vertexSingleKey')} style={{ marginBottom: 16 }} />
      )}
      {(adding ? fields.severalKeys && mode === 'multi_to_single' : multiKey) && (
        <Form.Item name="multi_key_mode" label={t('channels.form.multiKeyMode')}>
          <Radio.Group
            options={[
              { value: 'random', label: t('channels.form.multiKeyRandom') },
              { value: 'polling', label: t('channels.form.multiKeyPolling') },
            ]}
          />
        </Form.Item>
      )}
      <Form.Item name="key" label={t('channels.form.key')} extra={storedHint} required={!stored?.has_key}>
        {textArea ? (
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 10 }}
            spellCheck={false}
            autoComplete="off"
            placeholder={placeholder}
          />
        ) : (
          <Input autoComplete="off" placeholder={placeholder} />
        )}
      </Form.Item>
    </>
  );
}
