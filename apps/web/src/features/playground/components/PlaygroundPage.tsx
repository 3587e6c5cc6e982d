import { Card, Collapse, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import { useEnabledToken } from '../../../shared/enabled-token/use-enabled-token';
import { useIsPhone } from '../../../shared/hooks/use-is-phone';
import { usePlaygroundChat } from '../hooks/use-playground-chat';
import { usePlaygroundSettings } from '../hooks/use-playground-settings';
import { ChatArea } from './ChatArea';
import { SettingsPanel } from './SettingsPanel';

const PANEL_WIDTH = 300;

/** /playground: chat with any model of the user's groups through the relay, billed to the user. */
export function PlaygroundPage() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  // Spec 001 §4: the playground, like chat links, needs an enabled token (else it leaves for the token list).
  useEnabledToken();
  const panel = usePlaygroundSettings();
  const chat = usePlaygroundChat(panel.settings);
  const settings = <SettingsPanel panel={panel} />;

  return (
    <ConsolePage title={t('playground.title')}>
      <Flex gap={16} vertical={isPhone} align="stretch">
        {isPhone ? (
          <Collapse items={[{ key: 'settings', label: t('playground.settings'), children: settings }]} />
        ) : (
          <Card title={t('playground.settings')} style={{ width: PANEL_WIDTH, flexShrink: 0 }}>
            {settings}
          </Card>
        )}
        <Card style={{ flex: 1, minWidth: 0 }}>
          <ChatArea chat={chat} />
        </Card>
      </Flex>
    </ConsolePage>
  );
}
