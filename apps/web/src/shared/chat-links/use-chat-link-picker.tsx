import type { Token } from '@tollgate/contracts';
import { App, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../status/use-status';
import { chatUrl, readChatLinks } from './chat-links';

/** The token list's "chat" action: a dialog offering each configured chat app, opened with that token. */
export function useChatLinkPicker(): (token: Token) => void {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { data: status } = useStatus();

  return (token: Token) => {
    const read = readChatLinks();
    if ('problem' in read) {
      void message.error(t(`chatLinks.errors.${read.problem}`));
      return;
    }
    const address = status?.server_address ?? '';
    modal.info({
      title: t('chatLinks.pickTitle', { name: token.name }),
      content: (
        <Flex vertical gap={8}>
          {read.links.map((link) => (
            <Button
              key={link.name}
              href={chatUrl(link, token.key, address)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {link.name}
            </Button>
          ))}
        </Flex>
      ),
    });
  };
}
