import { Flex } from 'antd';
import type { StoredOptions } from '../option-values';
import { EmailDomainPanel, SmtpPanel } from './EmailPanels';
import { LoginPanel } from './LoginPanel';
import { OidcPanel } from './OidcPanel';
import { PaymentPanel } from './PaymentPanel';
import { GitHubPanel, LinuxDOPanel, TelegramPanel, TurnstilePanel, WeChatPanel } from './ProviderPanels';
import { ServerAddressPanel, WorkerPanel } from './ServerPanels';

/**
 * System tab (spec 000 §2): addresses, payment, how people sign in, and the accounts of the mail server
 * and login providers. Provider switches live in the login panel and need their provider's panel saved first.
 */
export function SystemTab({ stored }: { stored: StoredOptions }) {
  return (
    <Flex vertical gap={16}>
      <ServerAddressPanel stored={stored} />
      <WorkerPanel stored={stored} />
      <PaymentPanel stored={stored} />
      <LoginPanel stored={stored} />
      <EmailDomainPanel stored={stored} />
      <SmtpPanel stored={stored} />
      <OidcPanel stored={stored} />
      <GitHubPanel stored={stored} />
      <LinuxDOPanel stored={stored} />
      <WeChatPanel stored={stored} />
      <TelegramPanel stored={stored} />
      <TurnstilePanel stored={stored} />
    </Flex>
  );
}
