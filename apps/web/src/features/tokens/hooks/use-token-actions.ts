import { TokenStatus, type Token } from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../lib/use-copy-text';
import { useListMutation } from '../../../shared/hooks/use-list-mutation';
import { deleteToken, setTokenStatus } from '../api';
import { TOKENS_KEY } from './use-tokens';

/** Row and batch actions of the token list: enable/disable, delete (confirmed), copy keys. */
export function useTokenActions() {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  const copyText = useCopyText();

  const toggle = useListMutation(
    TOKENS_KEY,
    (token: Token) =>
      setTokenStatus(
        token.id,
        token.status === TokenStatus.Enabled ? TokenStatus.Disabled : TokenStatus.Enabled,
      ),
    (updated) =>
      updated.status === TokenStatus.Enabled ? t('tokens.messages.enabled') : t('tokens.messages.disabled'),
  );
  const remove = useListMutation(
    TOKENS_KEY,
    (token: Token) => deleteToken(token.id),
    () => t('tokens.messages.deleted'),
  );

  const confirmDelete = (token: Token): void => {
    modal.confirm({
      title: t('tokens.messages.deleteTitle', { name: token.name }),
      content: t('tokens.messages.deleteContent'),
      okText: t('tokens.actions.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(token).catch(() => undefined),
    });
  };

  const copyKey = (token: Token): void => void copyText(token.key);

  const copySelected = (tokens: Token[]): void => {
    if (tokens.length === 0) {
      void message.error(t('tokens.messages.selectAtLeastOne'));
      return;
    }
    void copyText(tokens.map((token) => `${token.name}\t${token.key}`).join('\n'));
  };

  return {
    toggle: (token: Token) => toggle.mutate(token),
    togglingId: toggle.isPending ? toggle.variables.id : null,
    confirmDelete,
    copyKey,
    copySelected,
  };
}
