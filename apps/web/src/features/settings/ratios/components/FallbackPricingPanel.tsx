import {
  FALLBACK_PRICING_KEYS,
  checkFallbackPricing,
  optionIssue,
  optionIssueMessage,
} from '@tollgate/contracts';
import { Col, Form, InputNumber, Row, Typography } from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../i18n/i18n';
import { OptionPanel } from '../../components/OptionPanel';
import { OptionSwitch } from '../../components/option-fields';
import { type OptionFormValue, type StoredOptions, toStoredValue } from '../../option-values';

const FALLBACK_KEYS = ['fallback_pricing_enabled', ...FALLBACK_PRICING_KEYS] as const;
const RATIO_KEYS = ['fallback_input_ratio', 'fallback_completion_ratio'] as const;

const isSet = (value: OptionFormValue): boolean => value !== null && value !== undefined && value !== '';

/**
 * Spec 000 §5: a single price alone, or both ratios and no single price. Switched on with neither, the
 * fallback would price nothing, so that is refused too.
 */
const pricingRule = (form: FormInstance): Rule => ({
  validator: () => {
    const values = Object.fromEntries(
      FALLBACK_PRICING_KEYS.map((key) => [
        key,
        toStoredValue(key, form.getFieldValue(key) as OptionFormValue),
      ]),
    );
    const enabledWithNothing =
      form.getFieldValue('fallback_pricing_enabled') === true &&
      FALLBACK_PRICING_KEYS.every((key) => values[key] === '');
    const issue =
      checkFallbackPricing(values) ?? (enabledWithNothing ? optionIssue('fallback_pricing_conflict') : null);
    return issue
      ? Promise.reject(new Error(optionIssueMessage(issue, currentLanguage())))
      : Promise.resolve();
  },
});

interface FallbackNumberProps {
  name: (typeof FALLBACK_PRICING_KEYS)[number];
  label: string;
  extra?: string;
  step: number;
  placeholder?: string;
  disabled: boolean;
  /** The other mode's fields, cleared once this one holds a number. */
  clears: readonly string[];
  rules?: Rule[];
}

function FallbackNumber({
  name,
  label,
  extra,
  step,
  placeholder,
  disabled,
  clears,
  rules,
}: FallbackNumberProps) {
  const form = Form.useFormInstance();
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={rules}
      dependencies={rules ? FALLBACK_KEYS.filter((key) => key !== name) : undefined}
    >
      <InputNumber
        min={0}
        step={step}
        placeholder={placeholder}
        disabled={disabled}
        style={{ width: '100%', maxWidth: 320 }}
        onChange={(value) => {
          if (value !== null) form.setFieldsValue(Object.fromEntries(clears.map((key) => [key, null])));
        }}
      />
    </Form.Item>
  );
}

/** The two modes: entering one clears the other and disables it until this one is emptied again. */
function FallbackModeFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const single = Form.useWatch<OptionFormValue>('fallback_single_price', form);
  const input = Form.useWatch<OptionFormValue>('fallback_input_ratio', form);
  const completion = Form.useWatch<OptionFormValue>('fallback_completion_ratio', form);
  const usesPrice = isSet(single);
  const usesRatios = isSet(input) || isSet(completion);
  return (
    <>
      <FallbackNumber
        name="fallback_single_price"
        label={t('settings.ratios.fallback.singlePrice')}
        extra={t('settings.ratios.fallback.singlePriceHint')}
        step={0.001}
        disabled={usesRatios}
        clears={RATIO_KEYS}
      />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <FallbackNumber
            name="fallback_input_ratio"
            label={t('settings.ratios.fallback.inputRatio')}
            step={0.1}
            placeholder="1.0"
            disabled={usesPrice}
            clears={['fallback_single_price']}
          />
        </Col>
        <Col xs={24} sm={12}>
          <FallbackNumber
            name="fallback_completion_ratio"
            label={t('settings.ratios.fallback.completionRatio')}
            step={0.1}
            placeholder="2.0"
            disabled={usesPrice}
            clears={['fallback_single_price']}
            rules={[pricingRule(form)]}
          />
        </Col>
      </Row>
      <Typography.Paragraph type="secondary">{t('settings.ratios.fallback.ratioHint')}</Typography.Paragraph>
    </>
  );
}

/** The price of a model that has none: off by default (reference §3.2: billing then refuses the call). */
export function FallbackPricingPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  return (
    <OptionPanel title={t('settings.ratios.fallback.title')} keys={FALLBACK_KEYS} stored={stored}>
      <Typography.Paragraph type="secondary">
        {t('settings.ratios.fallback.description')}
      </Typography.Paragraph>
      <OptionSwitch name="fallback_pricing_enabled" label={t('settings.ratios.fallback.enabled')} />
      <FallbackModeFields />
    </OptionPanel>
  );
}
