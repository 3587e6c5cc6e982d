import {
  REDEMPTION_BATCH_MAX,
  REDEMPTION_KEY_MAX_LENGTH,
  REDEMPTION_NAME_MAX_LENGTH,
  REDEMPTION_UNLIMITED_USES,
} from '@tollgate/contracts';
import { Checkbox, Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { QuotaInput } from '../../../shared/components/QuotaInput';
import { check } from '../../../shared/form-check';
import { parseValidity, type RedemptionFormValues } from '../redemption-form';

/** Name, quota, count and custom code (create only), gift limit and validity window. */
export function RedemptionFormFields({ creating }: { creating: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<RedemptionFormValues>();
  const isGift = Form.useWatch('is_gift', form);
  const count = Form.useWatch('count', form);
  const several = creating && typeof count === 'number' && count > 1;

  const timeRule = {
    validator: (_: unknown, value: string | undefined) =>
      check(parseValidity(value) !== null, t('redemptions.form.timeInvalid')),
  };

  return (
    <>
      <Form.Item
        name="name"
        label={t('redemptions.form.name')}
        rules={[
          {
            // Spec 001 §5: an empty name is allowed on create (the server names the codes by quota).
            // The input caps the length.
            validator: (_, value: string | undefined) =>
              check(
                creating || (value ?? '').trim() !== '',
                t('redemptions.form.nameLength', { max: REDEMPTION_NAME_MAX_LENGTH }),
              ),
          },
        ]}
      >
        <Input
          placeholder={creating ? t('redemptions.form.namePlaceholder') : undefined}
          maxLength={REDEMPTION_NAME_MAX_LENGTH}
          showCount
        />
      </Form.Item>
      <Form.Item
        name="quota"
        label={t('redemptions.form.quota')}
        rules={[
          { required: true, message: t('redemptions.form.quotaRequired') },
          { type: 'number', min: 1, message: t('redemptions.form.quotaPositive') },
        ]}
      >
        <QuotaInput />
      </Form.Item>
      {creating && (
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item
              name="count"
              label={t('redemptions.form.count')}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: 1,
                  max: REDEMPTION_BATCH_MAX,
                  message: t('redemptions.form.countInvalid', { max: REDEMPTION_BATCH_MAX }),
                },
              ]}
            >
              <InputNumber<number>
                min={1}
                max={REDEMPTION_BATCH_MAX}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item
              name="key"
              label={t('redemptions.form.key')}
              extra={several ? t('redemptions.form.keyOnlySingle') : undefined}
            >
              <Input
                disabled={several}
                maxLength={REDEMPTION_KEY_MAX_LENGTH}
                placeholder={t('redemptions.form.keyPlaceholder')}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Form.Item name="is_gift" valuePropName="checked">
        <Checkbox>{t('redemptions.form.isGift')}</Checkbox>
      </Form.Item>
      <Form.Item
        name="max_uses"
        label={t('redemptions.form.maxUses')}
        extra={t('redemptions.form.maxUsesHint')}
        hidden={!isGift}
        rules={[
          {
            validator: (_, value: number | null | undefined) =>
              check(
                value === REDEMPTION_UNLIMITED_USES || (Number.isInteger(value) && Number(value) > 0),
                t('redemptions.form.maxUsesInvalid'),
              ),
          },
        ]}
      >
        <InputNumber<number> min={REDEMPTION_UNLIMITED_USES} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="valid_from" label={t('redemptions.form.validFrom')} rules={[timeRule]}>
            <Input placeholder={t('redemptions.form.timePlaceholder')} allowClear />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="valid_until"
            label={t('redemptions.form.validUntil')}
            dependencies={['valid_from']}
            rules={[
              timeRule,
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) => {
                  const from = parseValidity(getFieldValue('valid_from') as string | undefined);
                  const until = parseValidity(value);
                  return check(!from || !until || from < until, t('redemptions.form.timeOrder'));
                },
              }),
            ]}
          >
            <Input placeholder={t('redemptions.form.timePlaceholder')} allowClear />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
