import { RedemptionStatus, type Redemption } from '@tollgate/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../lib/use-copy-text';
import { useListMutation } from '../../../shared/hooks/use-list-mutation';
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
  const copyText = useCopyText();

  const toggle = useListMutation(
    REDEMPTIONS_KEY,
    (code: Redemption) =>
      setRedemptionStatus(
        code.id,
        code.status === RedemptionStatus.Unused ? RedemptionStatus.Disabled : RedemptionStatus.Unused,
      ),
    (updated) =>
      updated.status === RedemptionStatus.Unused
        ? t('redemptions.messages.enabled')
        : t('redemptions.messages.disabled'),
  );
  const remove = useListMutation(
    REDEMPTIONS_KEY,
    (code: Redemption) => deleteRedemption(code.id),
    () => t('redemptions.messages.deleted'),
  );
  const batchDisable = useListMutation(
    REDEMPTIONS_KEY,
    (codes: Redemption[]) => batchDisableRedemptions(codes.map((code) => code.id)),
    (count) => t('redemptions.messages.batchDisabled', { count }),
    onBatchDone,
  );
  const deleteDisabled = useListMutation(
    REDEMPTIONS_KEY,
    deleteDisabledRedemptions,
    (count) => t('redemptions.messages.disabledDeleted', { count }),
    onBatchDone,
  );

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
