import { ChannelStatus, type ChannelView, isTestableChannelType } from '@tollgate/contracts';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ChannelRowHandlers {
  onSetEnabled: (id: number, enabled: boolean) => void;
  onEdit: (id: number) => void;
  onCopy: (channel: ChannelView) => void;
  onDelete: (id: number) => void;
  /** Opens the model-to-test dialog. */
  onTest: (channel: ChannelView) => void;
  onUpdateBalance: (channel: ChannelView) => void;
  /** The channel being copied. */
  copyingId: number | null;
  /** The channel whose balance is being read. */
  balanceId: number | null;
}

/** Test, update balance, enable/disable, edit, copy and delete of one channel. */
export function ChannelRowActions({
  channel,
  handlers,
}: {
  channel: ChannelView;
  handlers: ChannelRowHandlers;
}) {
  const { t } = useTranslation();
  const enabled = channel.status === ChannelStatus.Enabled;
  return (
    <Space size={0} wrap>
      <Button
        type="link"
        size="small"
        disabled={!isTestableChannelType(channel.type)}
        onClick={() => handlers.onTest(channel)}
      >
        {t('channels.ops.test')}
      </Button>
      <Button
        type="link"
        size="small"
        loading={handlers.balanceId === channel.id}
        onClick={() => handlers.onUpdateBalance(channel)}
      >
        {t('channels.ops.updateBalance')}
      </Button>
      <Button
        type="link"
        size="small"
        danger={enabled}
        onClick={() => handlers.onSetEnabled(channel.id, !enabled)}
      >
        {enabled ? t('channels.actions.disable') : t('channels.actions.enable')}
      </Button>
      <Button type="link" size="small" onClick={() => handlers.onEdit(channel.id)}>
        {t('channels.actions.edit')}
      </Button>
      <Popconfirm
        title={t('channels.confirm.copyTitle')}
        description={t('channels.confirm.copyContent')}
        okText={t('channels.confirm.ok')}
        cancelText={t('channels.confirm.cancel')}
        onConfirm={() => handlers.onCopy(channel)}
      >
        <Button type="link" size="small" loading={handlers.copyingId === channel.id}>
          {t('channels.actions.copy')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('channels.confirm.deleteTitle')}
        description={t('channels.confirm.deleteContent')}
        okText={t('channels.confirm.ok')}
        cancelText={t('channels.confirm.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => handlers.onDelete(channel.id)}
      >
        <Button type="link" size="small" danger>
          {t('channels.actions.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
