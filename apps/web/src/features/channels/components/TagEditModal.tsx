import {
  type ChannelIssue,
  type ChannelTagEditRequest,
  channelIssue,
  channelJsonFieldIssue,
  splitCommaList,
} from '@tollgate/contracts';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TagRow } from '../channel-rows';
import { useIssueText } from '../hooks/use-issue-text';
import { JsonTextArea, jsonRule } from './JsonTextArea';

interface TagEditValues {
  new_tag: string;
  models: string[];
  groups: string[];
  model_mapping: string;
}

interface TagEditModalProps {
  row: TagRow;
  groupOptions: string[];
  /** Resolves true once saved (the dialog then closes). */
  onSubmit: (body: ChannelTagEditRequest) => Promise<boolean>;
  isSaving: boolean;
  onClose: () => void;
}

const sameList = (a: string[], b: string[]): boolean =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/** What the tag's channels have now: every model and group of any of them, and their common mapping. */
function initialValues(row: TagRow): TagEditValues {
  const channels = row.children.map((child) => child.channel);
  const mappings = new Set(channels.map((channel) => channel.model_mapping));
  return {
    new_tag: row.tag,
    models: [...new Set(channels.flatMap((channel) => splitCommaList(channel.models)))],
    groups: row.groups,
    model_mapping: mappings.size === 1 ? [...mappings][0] : '',
  };
}

/**
 * Only the fields that changed go to the server; an emptied field is left as it is (as the server reads '').
 * The first rule broken, or the request.
 */
function tagEditOf(
  tag: string,
  initial: TagEditValues,
  values: TagEditValues,
): ChannelIssue | ChannelTagEditRequest {
  const body: ChannelTagEditRequest = { tag };
  const newTag = values.new_tag.trim();
  if (newTag !== '' && newTag !== tag) body.new_tag = newTag;
  if (values.models.length > 0 && !sameList(values.models, initial.models))
    body.models = values.models.join(',');
  if (values.groups.length > 0 && !sameList(values.groups, initial.groups))
    body.groups = values.groups.join(',');
  const mapping = values.model_mapping.trim();
  if (mapping !== '' && mapping !== initial.model_mapping.trim()) {
    const issue = channelJsonFieldIssue('model_mapping', mapping);
    if (issue) return issue;
    body.model_mapping = mapping;
  }
  return Object.keys(body).length === 1 ? channelIssue('tag_nothing_changed') : body;
}

/** Edits every channel of a tag at once: its name, models, groups and model mapping. */
export function TagEditModal({ row, groupOptions, onSubmit, isSaving, onClose }: TagEditModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const issueText = useIssueText();
  const [form] = Form.useForm<TagEditValues>();
  const initial = initialValues(row);

  // Cleared inputs report undefined.
  const save = async (values: Partial<TagEditValues>): Promise<void> => {
    const result = tagEditOf(row.tag, initial, {
      new_tag: values.new_tag ?? '',
      models: values.models ?? [],
      groups: values.groups ?? [],
      model_mapping: values.model_mapping ?? '',
    });
    if ('code' in result) {
      void (result.code === 'tag_nothing_changed'
        ? message.warning(issueText(result))
        : message.error(issueText(result)));
      return;
    }
    if (await onSubmit(result)) onClose();
  };

  return (
    <Modal
      open
      title={t('channels.tagEdit.title', { tag: row.tag })}
      okText={t('channels.tagEdit.ok')}
      cancelText={t('channels.tagEdit.cancel')}
      confirmLoading={isSaving}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
    >
      <Alert type="info" showIcon title={t('channels.tagEdit.notice')} style={{ marginBottom: 16 }} />
      <Form<TagEditValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void save(v)}
      >
        <Form.Item name="new_tag" label={t('channels.tagEdit.newTag')}>
          <Input placeholder={t('channels.tagEdit.newTagPlaceholder')} />
        </Form.Item>
        <Form.Item name="models" label={t('channels.tagEdit.models')}>
          <Select mode="tags" allowClear placeholder={t('channels.tagEdit.modelsPlaceholder')} />
        </Form.Item>
        <Form.Item name="groups" label={t('channels.tagEdit.groups')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('channels.tagEdit.groupsPlaceholder')}
            options={groupOptions.map((group) => ({ value: group, label: group }))}
          />
        </Form.Item>
        <Form.Item name="model_mapping" label={t('channels.tagEdit.modelMapping')} rules={[jsonRule(t)]}>
          <JsonTextArea placeholder={t('channels.tagEdit.modelMappingPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
