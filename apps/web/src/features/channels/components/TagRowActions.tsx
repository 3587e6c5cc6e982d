import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TagRow } from '../channel-rows';

export interface TagRowHandlers {
  onTagEnabled: (tag: string, enabled: boolean) => Promise<void>;
  onEditTag: (row: TagRow) => void;
}

/** Tag mode: switch every channel of the tag on or off, or edit the tag. */
export function TagRowActions({ row, handlers }: { row: TagRow; handlers: TagRowHandlers }) {
  const { t } = useTranslation();
  const confirm = (enabled: boolean) => ({
    title: t('channels.confirm.tagStatusTitle', {
      action: enabled ? t('channels.actions.enable') : t('channels.actions.disable'),
      tag: row.tag,
    }),
    okText: t('channels.confirm.ok'),
    cancelText: t('channels.confirm.cancel'),
    onConfirm: () => handlers.onTagEnabled(row.tag, enabled),
  });
  return (
    <Space size={0} wrap>
      <Popconfirm {...confirm(true)}>
        <Button type="link" size="small">
          {t('channels.actions.enableAll')}
        </Button>
      </Popconfirm>
      <Popconfirm {...confirm(false)} okButtonProps={{ danger: true }}>
        <Button type="link" size="small" danger>
          {t('channels.actions.disableAll')}
        </Button>
      </Popconfirm>
      <Button type="link" size="small" onClick={() => handlers.onEditTag(row)}>
        {t('channels.actions.editTag')}
      </Button>
    </Space>
  );
}
