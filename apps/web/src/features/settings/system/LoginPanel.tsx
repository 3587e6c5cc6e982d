import type { OptionKey } from '@tollgate/contracts';
import { App, Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionPanel } from '../components/OptionPanel';
import type { StoredOptions } from '../option-values';
import { GuardedSwitch } from './GuardedSwitch';

const LOGIN_KEYS = [
  'PasswordLoginEnabled',
  'PasswordRegisterEnabled',
  'RegisterEnabled',
  'EmailVerificationEnabled',
  'GitHubOAuthEnabled',
  'LinuxDOOAuthEnabled',
  'WeChatAuthEnabled',
  'TelegramOAuthEnabled',
  'oidc.enabled',
  'TurnstileCheckEnabled',
] as const satisfies readonly OptionKey[];

/** Spec 000 §4: switching password login off asks first, and cancelling puts the switch back on. */
function PasswordLoginSwitch() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const form = Form.useFormInstance();
  const confirmTurnOff = () => {
    modal.confirm({
      title: t('settings.system.passwordLogin.confirmTitle'),
      content: t('settings.system.passwordLogin.confirmContent'),
      okText: t('settings.system.passwordLogin.confirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('settings.system.passwordLogin.cancel'),
      onCancel: () => form.setFieldValue('PasswordLoginEnabled', true),
    });
  };
  return <GuardedSwitch name="PasswordLoginEnabled" onTurnOff={confirmTurnOff} />;
}

export function LoginPanel({ stored }: { stored: StoredOptions }) {
  const { t } = useTranslation();
  const others = LOGIN_KEYS.filter((key) => key !== 'PasswordLoginEnabled');
  return (
    <OptionPanel title={t('settings.system.panels.login')} keys={LOGIN_KEYS} stored={stored}>
      <Row gutter={16}>
        <Col xs={24} md={12} xl={8}>
          <PasswordLoginSwitch />
        </Col>
        {others.map((key) => (
          <Col key={key} xs={24} md={12} xl={8}>
            <GuardedSwitch
              name={key}
              extra={
                key === 'EmailVerificationEnabled'
                  ? t('settings.system.hints.EmailVerificationEnabled')
                  : undefined
              }
            />
          </Col>
        ))}
      </Row>
    </OptionPanel>
  );
}
