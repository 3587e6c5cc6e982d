import { type OptionKey, isHttpUrl, optionIssue, optionIssueMessage } from '@tollgate/contracts';
import { App, Button, Col, Form, Input, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { OptionPanel } from '../components/OptionPanel';
import { OptionSecret, OptionText } from '../components/option-fields';
import type { StoredOptions } from '../option-values';
import { useFieldLabel } from './field-labels';
import { type DiscoveryOutcome, discoverOidcEndpoints } from './oidc-discovery';
import { ProviderAddresses } from './ProviderAddresses';

const OIDC_KEYS = [
  'oidc.well_known',
  'oidc.client_id',
  'oidc.client_secret',
  'oidc.authorization_endpoint',
  'oidc.token_endpoint',
  'oidc.user_info_endpoint',
] as const satisfies readonly OptionKey[];

const ENDPOINT_KEYS = [
  'oidc.authorization_endpoint',
  'oidc.token_endpoint',
  'oidc.user_info_endpoint',
] as const satisfies readonly OptionKey[];

const WELL_KNOWN_INPUT_ID = 'oidc-well-known';

/** The well-known URL with a button that reads the document in the browser and fills the endpoints. */
function WellKnownField() {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const [fetching, setFetching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const explain = (outcome: Exclude<DiscoveryOutcome, { ok: true }>): string => {
    switch (outcome.problem) {
      case 'blocked':
        return t('settings.system.oidc.blocked');
      case 'bad_status':
        return t('settings.system.oidc.badStatus', { status: outcome.status });
      case 'not_configuration':
        return t('settings.system.oidc.notConfiguration');
    }
  };

  const fetchEndpoints = async () => {
    const url = String(form.getFieldValue('oidc.well_known') ?? '').trim();
    if (!isHttpUrl(url)) {
      setProblem(optionIssueMessage(optionIssue('invalid_well_known_url'), currentLanguage()));
      return;
    }
    setProblem(null);
    setFetching(true);
    const outcome = await discoverOidcEndpoints(url).finally(() => setFetching(false));
    if (!outcome.ok) {
      setProblem(explain(outcome));
      return;
    }
    // Marked touched so a save elsewhere, refreshing this panel's untouched fields, keeps them.
    form.setFields(
      ENDPOINT_KEYS.map((name) => ({ name, value: outcome.endpoints[name], touched: true, errors: [] })),
    );
    void message.success(t('settings.system.oidc.fetched'));
  };

  return (
    <Form.Item
      label={label('oidc.well_known')}
      extra={t('settings.system.hints.oidcWellKnown')}
      htmlFor={WELL_KNOWN_INPUT_ID}
    >
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="oidc.well_known" noStyle>
          <Input
            id={WELL_KNOWN_INPUT_ID}
            placeholder="https://example.com/.well-known/openid-configuration"
            onChange={() => setProblem(null)}
          />
        </Form.Item>
        <Button loading={fetching} onClick={() => void fetchEndpoints()}>
          {t('settings.system.oidc.fetch')}
        </Button>
      </Space.Compact>
      {problem && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4 }}>
          {problem}
        </Typography.Text>
      )}
    </Form.Item>
  );
}

export function OidcPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  return (
    <OptionPanel title={t('settings.system.panels.oidc')} keys={OIDC_KEYS} stored={stored}>
      <Typography.Paragraph type="secondary">{t('settings.system.hints.oidc')}</Typography.Paragraph>
      <ProviderAddresses items={[{ kind: 'callback', provider: 'oidc' }]} />
      <WellKnownField />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <OptionText name="oidc.client_id" label={label('oidc.client_id')} />
        </Col>
        <Col xs={24} md={12}>
          <OptionSecret name="oidc.client_secret" label={label('oidc.client_secret')} />
        </Col>
        {ENDPOINT_KEYS.map((key) => (
          <Col key={key} xs={24} md={8}>
            <OptionText name={key} label={label(key)} placeholder="https://" />
          </Col>
        ))}
      </Row>
    </OptionPanel>
  );
}
