import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TokenStatus, type Token } from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../lib/use-copy-text';
import { deleteToken, setTokenStatus } from '../api';
import { TOKENS_KEY } from './use-tokens';

/** Row and batch actions of the token list: enable/disable, delete (confirmed), copy keys. */
export function useTokenActions() {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const copyText = useCopyText();
  const refresh = () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY });

  const toggle = useMutation({
    mutationFn: (token: Token) =>
      setTokenStatus(
        token.id,
        token.status === TokenStatus.Enabled ? TokenStatus.Disabled : TokenStatus.Enabled,
      ),
    onSuccess: async (updated) => {
      const enabled = updated.status === TokenStatus.Enabled;
      void message.success(enabled ? t('tokens.messages.enabled') : t('tokens.messages.disabled'));
      await refresh();
    },
    onError: (error) => void message.error(error.message),
  });

  const remove = useMutation({
    mutationFn: (token: Token) => deleteToken(token.id),
    onSuccess: async () => {
      void message.success(t('tokens.messages.deleted'));
      await refresh();
    },
    onError: (error) => void message.error(error.message),
  });

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
