import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TokenFormValues } from '../token-form';

interface TokenAccessFieldsProps {
  /** Model names to pick from; null when the list is unavailable (free text then). */
  models: string[] | null;
}

/** Model limit, IP allow list and the token's own rate limit. */
export function TokenAccessFields({ models }: TokenAccessFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TokenFormValues>();
  const limitModels = Form.useWatch('model_limits_enabled', form);
  const rateLimited = Form.useWatch('rate_limit_enabled', form);

  return (
    <>
      <Form.Item
        name="model_limits_enabled"
        label={t('tokens.form.modelLimitsEnabled')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      {/* Hidden, not unmounted: a hidden field's value still reaches the submit. */}
      <Form.Item name="model_limits" label={t('tokens.form.modelLimits')} hidden={!limitModels}>
        {/* Tags: the known models are suggested, and a limit may name a model no channel serves yet. */}
        <Select
          mode="tags"
          allowClear
          tokenSeparators={[',']}
          options={models?.map((model) => ({ value: model, label: model }))}
          placeholder={t('tokens.form.modelLimitsPlaceholder')}
        />
      </Form.Item>
      <Form.Item name="allow_ips" label={t('tokens.form.allowIps')}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('tokens.form.allowIpsPlaceholder')}
        />
      </Form.Item>
      <Form.Item name="rate_limit_enabled" label={t('tokens.form.rateLimitEnabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Row gutter={12} style={rateLimited ? undefined : { display: 'none' }}>
        <Col span={8}>
          <Form.Item name="rate_limit_period" label={t('tokens.form.rateLimitPeriod')}>
            <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="rate_limit_count" label={t('tokens.form.rateLimitCount')}>
            <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="rate_limit_success" label={t('tokens.form.rateLimitSuccess')}>
            <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
