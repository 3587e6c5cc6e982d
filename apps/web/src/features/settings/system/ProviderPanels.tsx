import type { OptionKey } from '@tollgate/contracts';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import { OptionSecret, OptionText } from '../components/option-fields';
import type { StoredOptions } from '../option-values';
import { useFieldLabel } from './field-labels';
import { ProviderAddresses } from './ProviderAddresses';

const GITHUB_KEYS = ['GitHubClientId', 'GitHubClientSecret'] as const satisfies readonly OptionKey[];
const LINUXDO_KEYS = ['LinuxDOClientId', 'LinuxDOClientSecret'] as const satisfies readonly OptionKey[];
const WECHAT_KEYS = [
  'WeChatServerAddress',
  'WeChatServerToken',
  'WeChatAccountQRCodeImageURL',
] as const satisfies readonly OptionKey[];
const TELEGRAM_KEYS = ['TelegramBotToken', 'TelegramBotName'] as const satisfies readonly OptionKey[];
const TURNSTILE_KEYS = ['TurnstileSiteKey', 'TurnstileSecretKey'] as const satisfies readonly OptionKey[];

type Props = { stored: StoredOptions };

/** A plain text field and a secret side by side (an id and its secret, a site key and its secret). */
function IdAndSecret({ id, secret }: { id: OptionKey; secret: OptionKey }) {
  const label = useFieldLabel();
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <OptionText name={id} label={label(id)} />
      </Col>
      <Col xs={24} md={12}>
        <OptionSecret name={secret} label={label(secret)} />
      </Col>
    </Row>
  );
}

function Hint({ text }: { text: string }) {
  return <Typography.Paragraph type="secondary">{text}</Typography.Paragraph>;
}

export function GitHubPanel({ stored }: Props) {
  const { t } = useTranslation();
  return (
    <OptionPanel title={t('settings.system.panels.github')} keys={GITHUB_KEYS} stored={stored}>
      <Hint text={t('settings.system.hints.github')} />
      <ProviderAddresses items={[{ kind: 'homepage' }, { kind: 'callback', provider: 'github' }]} />
      <IdAndSecret id="GitHubClientId" secret="GitHubClientSecret" />
    </OptionPanel>
  );
}

export function LinuxDOPanel({ stored }: Props) {
  const { t } = useTranslation();
  return (
    <OptionPanel title={t('settings.system.panels.linuxdo')} keys={LINUXDO_KEYS} stored={stored}>
      <Hint text={t('settings.system.hints.linuxdo')} />
      <ProviderAddresses items={[{ kind: 'callback', provider: 'linuxdo' }]} />
      <IdAndSecret id="LinuxDOClientId" secret="LinuxDOClientSecret" />
    </OptionPanel>
  );
}

/** The WeChat helper server that turns an official-account code into a WeChat id (reference §8.4). */
export function WeChatPanel({ stored }: Props) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  return (
    <OptionPanel title={t('settings.system.panels.wechat')} keys={WECHAT_KEYS} stored={stored}>
      <Hint text={t('settings.system.hints.wechat')} />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <OptionText
            name="WeChatServerAddress"
            label={label('WeChatServerAddress')}
            placeholder="https://wechat.example.com"
          />
        </Col>
        <Col xs={24} md={8}>
          <OptionSecret name="WeChatServerToken" label={label('WeChatServerToken')} />
        </Col>
        <Col xs={24} md={8}>
          <OptionText
            name="WeChatAccountQRCodeImageURL"
            label={label('WeChatAccountQRCodeImageURL')}
            placeholder="https://"
          />
        </Col>
      </Row>
    </OptionPanel>
  );
}

export function TelegramPanel({ stored }: Props) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  return (
    <OptionPanel title={t('settings.system.panels.telegram')} keys={TELEGRAM_KEYS} stored={stored}>
      <Hint text={t('settings.system.hints.telegram')} />
      <ProviderAddresses items={[{ kind: 'domain' }]} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <OptionSecret name="TelegramBotToken" label={label('TelegramBotToken')} />
        </Col>
        <Col xs={24} md={12}>
          <OptionText name="TelegramBotName" label={label('TelegramBotName')} placeholder="my_gateway_bot" />
        </Col>
      </Row>
    </OptionPanel>
  );
}

export function TurnstilePanel({ stored }: Props) {
  const { t } = useTranslation();
  return (
    <OptionPanel title={t('settings.system.panels.turnstile')} keys={TURNSTILE_KEYS} stored={stored}>
      <Hint text={t('settings.system.hints.turnstile')} />
      <ProviderAddresses items={[{ kind: 'domain' }]} />
      <IdAndSecret id="TurnstileSiteKey" secret="TurnstileSecretKey" />
    </OptionPanel>
  );
}
