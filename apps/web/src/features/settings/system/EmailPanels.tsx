import type { OptionKey } from '@tollgate/contracts';
import { Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionNumber, OptionSecret, OptionSwitch, OptionText } from '../components/option-fields';
import type { StoredOptions } from '../option-values';
import { DomainListInput } from './DomainListInput';
import { useFieldLabel } from './field-labels';
import { GuardedSwitch } from './GuardedSwitch';

const EMAIL_DOMAIN_KEYS = [
  'EmailDomainRestrictionEnabled',
  'EmailAliasRestrictionEnabled',
  'EmailDomainWhitelist',
] as const satisfies readonly OptionKey[];

const SMTP_KEYS = [
  'SMTPServer',
  'SMTPPort',
  'SMTPAccount',
  'SMTPFrom',
  'SMTPToken',
  'SMTPSSLEnabled',
] as const satisfies readonly OptionKey[];

/** Which addresses may register or be bound (reference §8.3). */
export function EmailDomainPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  return (
    <OptionPanel title={t('settings.system.panels.emailDomain')} keys={EMAIL_DOMAIN_KEYS} stored={stored}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <GuardedSwitch name="EmailDomainRestrictionEnabled" />
        </Col>
        <Col xs={24} md={12}>
          <OptionSwitch
            name="EmailAliasRestrictionEnabled"
            label={label('EmailAliasRestrictionEnabled')}
            extra={t('settings.system.hints.EmailAliasRestrictionEnabled')}
          />
        </Col>
      </Row>
      <Form.Item
        name="EmailDomainWhitelist"
        label={label('EmailDomainWhitelist')}
        extra={t('settings.system.hints.EmailDomainWhitelist')}
      >
        <DomainListInput />
      </Form.Item>
    </OptionPanel>
  );
}

/** The mail account used for verification codes, password resets and quota notices. */
export function SmtpPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  return (
    <OptionPanel title={t('settings.system.panels.smtp')} keys={SMTP_KEYS} stored={stored}>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <OptionText name="SMTPServer" label={label('SMTPServer')} placeholder="smtp.example.com" />
        </Col>
        <Col xs={24} md={8}>
          <OptionNumber name="SMTPPort" label={label('SMTPPort')} placeholder="587" />
        </Col>
        <Col xs={24} md={8}>
          <OptionText name="SMTPAccount" label={label('SMTPAccount')} />
        </Col>
        <Col xs={24} md={8}>
          <OptionText
            name="SMTPFrom"
            label={label('SMTPFrom')}
            extra={t('settings.system.hints.SMTPFrom')}
            placeholder="noreply@example.com"
          />
        </Col>
        <Col xs={24} md={8}>
          <OptionSecret
            name="SMTPToken"
            label={label('SMTPToken')}
            extra={t('settings.system.hints.SMTPToken')}
          />
        </Col>
        <Col xs={24} md={8}>
          <OptionSwitch
            name="SMTPSSLEnabled"
            label={label('SMTPSSLEnabled')}
            extra={t('settings.system.hints.SMTPSSLEnabled')}
          />
        </Col>
      </Row>
    </OptionPanel>
  );
}
