import { Button, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelFormValues } from '../channel-form';
import { useGroupNames } from '../hooks/use-channel-catalogues';
import { useFetchModels } from '../hooks/use-fetch-models';
import { JsonTextArea, jsonRule } from './JsonTextArea';
import { ModelPickerModal } from './ModelPickerModal';

/**
 * Models (typed, chosen in the advanced picker or fetched from the provider), model mapping, groups, tag and
 * test model. `channelId`: the stored channel being edited.
 */
export function ChannelModelFields({ channelId }: { channelId?: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  const models = Form.useWatch('models', form) ?? [];
  const chosenGroups = Form.useWatch('groups', form) ?? [];
  const { data: groups } = useGroupNames();
  const [picking, setPicking] = useState(false);
  const upstreamModels = useFetchModels(form, channelId);

  return (
    <>
      <Form.Item label={t('channels.form.models')} required>
        <Form.Item name="models" noStyle>
          <Select
            mode="tags"
            allowClear
            tokenSeparators={[',']}
            placeholder={t('channels.form.modelsPlaceholder')}
            aria-label={t('channels.form.models')}
            maxTagCount={20}
          />
        </Form.Item>
        <Space wrap style={{ marginTop: 8 }}>
          <Button size="small" type="primary" ghost onClick={() => setPicking(true)}>
            {t('channels.form.pickModels')}
          </Button>
          <Button size="small" loading={upstreamModels.isFetching} onClick={upstreamModels.run}>
            {t('channels.ops.fetchModels')}
          </Button>
          <Button size="small" danger onClick={() => form.setFieldValue('models', [])}>
            {t('channels.form.clearModels')}
          </Button>
        </Space>
      </Form.Item>
      <Form.Item name="model_mapping" label={t('channels.form.modelMapping')} rules={[jsonRule(t)]}>
        <JsonTextArea placeholder={t('channels.form.modelMappingPlaceholder')} />
      </Form.Item>
      <Form.Item name="groups" label={t('channels.form.groups')} required>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('channels.form.groupsPlaceholder')}
          aria-label={t('channels.form.groups')}
          // A stored channel may name a group the ratio settings no longer list.
          options={[...new Set([...groups, ...chosenGroups])].map((group) => ({
            value: group,
            label: group,
          }))}
        />
      </Form.Item>
      <Form.Item name="tag" label={t('channels.form.tag')}>
        <Input placeholder={t('channels.form.tagPlaceholder')} autoComplete="off" />
      </Form.Item>
      {/* '' means none: shown as an empty select so the placeholder appears. */}
      <Form.Item
        name="test_model"
        label={t('channels.form.testModel')}
        getValueProps={(value: string) => ({ value: value || undefined })}
      >
        <Select
          allowClear
          showSearch
          placeholder={t('channels.form.testModelPlaceholder')}
          options={models.map((model) => ({ value: model, label: model }))}
        />
      </Form.Item>
      {picking && (
        <ModelPickerModal
          value={models}
          onOk={(picked) => form.setFieldValue('models', picked)}
          onClose={() => setPicking(false)}
        />
      )}
    </>
  );
}
