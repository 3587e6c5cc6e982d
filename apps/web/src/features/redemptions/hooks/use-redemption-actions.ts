import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RedemptionStatus, type Redemption } from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../lib/use-copy-text';
import {
  batchDisableRedemptions,
  deleteDisabledRedemptions,
  deleteRedemption,
  setRedemptionStatus,
} from '../api';
import { REDEMPTIONS_KEY } from './use-redemptions';

/** Row and bulk actions of the code list; destructive ones ask first. */
export function useRedemptionActions(onBatchDone: () => void) {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const copyText = useCopyText();
  const refresh = () => queryClient.invalidateQueries({ queryKey: REDEMPTIONS_KEY });
  const onError = (error: Error) => void message.error(error.message);

  const toggle = useMutation({
    mutationFn: (code: Redemption) =>
      setRedemptionStatus(
        code.id,
        code.status === RedemptionStatus.Unused ? RedemptionStatus.Disabled : RedemptionStatus.Unused,
      ),
    onSuccess: async (updated) => {
      const enabled = updated.status === RedemptionStatus.Unused;
      void message.success(enabled ? t('redemptions.messages.enabled') : t('redemptions.messages.disabled'));
      await refresh();
    },
    onError,
  });

  const remove = useMutation({
    mutationFn: (code: Redemption) => deleteRedemption(code.id),
    onSuccess: async () => {
      void message.success(t('redemptions.messages.deleted'));
      await refresh();
    },
    onError,
  });

  const batchDisable = useMutation({
    mutationFn: (codes: Redemption[]) => batchDisableRedemptions(codes.map((code) => code.id)),
    onSuccess: async (count) => {
      void message.success(t('redemptions.messages.batchDisabled', { count }));
      onBatchDone();
      await refresh();
    },
    onError,
  });

  const deleteDisabled = useMutation({
    mutationFn: deleteDisabledRedemptions,
    onSuccess: async (count) => {
      void message.success(t('redemptions.messages.disabledDeleted', { count }));
      onBatchDone();
      await refresh();
    },
    onError,
  });

  const confirm = (title: string, run: () => Promise<unknown>): void => {
    modal.confirm({
      title,
      content: t('redemptions.messages.irreversible'),
      okButtonProps: { danger: true },
      onOk: () => run().catch(() => undefined),
    });
  };

  const confirmBatchDisable = (codes: Redemption[]): void => {
    if (codes.length === 0) {
      void message.error(t('redemptions.messages.selectAtLeastOne'));
      return;
    }
    modal.confirm({
      title: t('redemptions.messages.batchDisableTitle', { count: codes.length }),
      onOk: () => batchDisable.mutateAsync(codes).catch(() => undefined),
    });
  };

  return {
    toggle: (code: Redemption) => toggle.mutate(code),
    togglingId: toggle.isPending ? toggle.variables.id : null,
    confirmDelete: (code: Redemption) =>
      confirm(t('redemptions.messages.deleteTitle', { name: code.name }), () => remove.mutateAsync(code)),
    confirmBatchDisable,
    confirmDeleteDisabled: () =>
      confirm(t('redemptions.messages.deleteDisabledTitle'), () => deleteDisabled.mutateAsync()),
    copyCode: (code: Redemption) => void copyText(code.key),
  };
}
