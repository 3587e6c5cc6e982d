import { type OptionKey, missingRequirements } from '@tollgate/contracts';
import { Col, Form, Input, Row, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { OptionPanel, useStoredOptions } from '../components/OptionPanel';
import { OptionJson, OptionNumber, OptionSecret, OptionText } from '../components/option-fields';
import type { StoredOptions } from '../option-values';
import { useFieldLabel } from './field-labels';
import { requirementContext } from './requirement-rule';

const PAYMENT_KEYS = [
  'PayAddress',
  'EpayId',
  'EpayKey',
  'Price',
  'MinTopUp',
  'CustomCallbackAddress',
  'TopupGroupRatio',
] as const satisfies readonly OptionKey[];

/**
 * The payment address field, carrying the panel's precondition: the contracts require a stored server
 * address before payment is set up (its notify and return links are built on it), and the spec refuses
 * any payment save until then, so the refusal shows here on every save of this panel.
 */
function PayAddressField() {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const stored = useStoredOptions();
  const serverAddressFirst: Rule = {
    validator: () =>
      missingRequirements('PayAddress', requirementContext(stored)).length === 0
        ? Promise.resolve()
        : Promise.reject(new Error(t('settings.system.payment.needsServerAddress'))),
  };
  return (
    <Form.Item name="PayAddress" label={label('PayAddress')} rules={[serverAddressFirst]}>
      <Input placeholder="https://pay.example.com" />
    </Form.Item>
  );
}

export function PaymentPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  return (
    <OptionPanel title={t('settings.system.panels.payment')} keys={PAYMENT_KEYS} stored={stored}>
      <Typography.Paragraph type="secondary">{t('settings.system.hints.payment')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24}>
          <PayAddressField />
        </Col>
        <Col xs={24} md={12}>
          <OptionText name="EpayId" label={label('EpayId')} />
        </Col>
        <Col xs={24} md={12}>
          <OptionSecret name="EpayKey" label={label('EpayKey')} />
        </Col>
        <Col xs={24} md={8}>
          <OptionNumber
            name="Price"
            label={label('Price')}
            extra={t('settings.system.hints.Price')}
            unit={t('settings.system.units.pricePerDollar')}
          />
        </Col>
        <Col xs={24} md={8}>
          <OptionNumber
            name="MinTopUp"
            label={label('MinTopUp')}
            extra={t('settings.system.hints.MinTopUp')}
            unit={t('settings.system.units.dollars')}
          />
        </Col>
        <Col xs={24} md={8}>
          <OptionText
            name="CustomCallbackAddress"
            label={label('CustomCallbackAddress')}
            extra={t('settings.system.hints.CustomCallbackAddress')}
            placeholder="https://example.com"
          />
        </Col>
      </Row>
      <OptionJson
        name="TopupGroupRatio"
        label={label('TopupGroupRatio')}
        extra={t('settings.system.hints.TopupGroupRatio')}
        rows={4}
      />
    </OptionPanel>
  );
}
