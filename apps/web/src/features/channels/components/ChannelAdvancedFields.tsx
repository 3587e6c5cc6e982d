import {
  type ChannelIssue,
  ChannelType,
  channelPriorityIssue,
  channelWeightIssue,
} from '@tollgate/contracts';
import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelFormValues } from '../channel-form';
import { useIssueText } from '../hooks/use-issue-text';
import { JsonTextArea, jsonRule } from './JsonTextArea';

/** Routing numbers, auto-disable, prefixes and the JSON overrides. */
export function ChannelAdvancedFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  const type = Form.useWatch('type', form);
  const issueText = useIssueText();
  // Priority and weight are refused on their field, with the spec's words, before the form is sent.
  const issueRule = (check: (value: unknown) => ChannelIssue | null) => ({
    validator: (_: unknown, value: unknown) => {
      const issue = check(value);
      return issue ? Promise.reject(new Error(issueText(issue))) : Promise.resolve();
    },
  });

  const json = (name: keyof ChannelFormValues, label: string, placeholder: string) => (
    <Form.Item name={name} label={label} rules={[jsonRule(t)]}>
      <JsonTextArea placeholder={placeholder} />
    </Form.Item>
  );

  return (
    <>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="priority"
            label={t('channels.form.priority')}
            rules={[issueRule(channelPriorityIssue)]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="weight" label={t('channels.form.weight')} rules={[issueRule(channelWeightIssue)]}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="auto_ban"
            label={t('channels.form.autoBan')}
            valuePropName="checked"
            tooltip={t('channels.form.autoBanHint')}
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      {type === ChannelType.OpenAI && (
        <Form.Item name="openai_organization" label={t('channels.form.organization')}>
          <Input placeholder={t('channels.form.organizationPlaceholder')} autoComplete="off" />
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="model_prefix" label={t('channels.form.modelPrefix')}>
            <Input placeholder={t('channels.form.modelPrefixPlaceholder')} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="max_input_tokens"
            label={t('channels.form.maxInputTokens')}
            tooltip={t('channels.form.maxInputTokensHint')}
          >
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {json(
        'status_code_mapping',
        t('channels.form.statusCodeMapping'),
        t('channels.form.statusCodeMappingPlaceholder'),
      )}
      {json('setting', t('channels.form.setting'), t('channels.form.settingPlaceholder'))}
      {json('param_override', t('channels.form.paramOverride'), t('channels.form.paramOverridePlaceholder'))}
      {json(
        'header_override',
        t('channels.form.headerOverride'),
        t('channels.form.headerOverridePlaceholder'),
      )}
    </>
  );
}
