import { Button, Checkbox, Flex, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHANNEL_COLUMN_KEYS,
  type ChannelColumnKey,
  type ColumnVisibility,
  DEFAULT_COLUMN_VISIBILITY,
} from '../channel-table-prefs';

interface ColumnSettingsModalProps {
  value: ColumnVisibility;
  onSave: (value: ColumnVisibility) => void;
  onClose: () => void;
}

/** Which columns the channel table shows; mounted while open, saved (and remembered) on OK. */
export function ColumnSettingsModal({ value, onSave, onClose }: ColumnSettingsModalProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const checked = CHANNEL_COLUMN_KEYS.filter((key) => draft[key]);

  const setChecked = (keys: ChannelColumnKey[]): void =>
    setDraft(
      Object.fromEntries(CHANNEL_COLUMN_KEYS.map((key) => [key, keys.includes(key)])) as ColumnVisibility,
    );

  return (
    <Modal
      open
      title={t('channels.columnSettings.title')}
      okText={t('channels.columnSettings.ok')}
      cancelText={t('channels.columnSettings.cancel')}
      onOk={() => {
        onSave(draft);
        onClose();
      }}
      onCancel={onClose}
    >
      <Flex gap={8} style={{ marginBottom: 12 }}>
        <Button size="small" onClick={() => setChecked([...CHANNEL_COLUMN_KEYS])}>
          {t('channels.columnSettings.all')}
        </Button>
        <Button size="small" onClick={() => setDraft(DEFAULT_COLUMN_VISIBILITY)}>
          {t('channels.columnSettings.reset')}
        </Button>
      </Flex>
      <Checkbox.Group<ChannelColumnKey>
        value={checked}
        onChange={setChecked}
        options={CHANNEL_COLUMN_KEYS.map((key) => ({ value: key, label: t(`channels.columns.${key}`) }))}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}
      />
    </Modal>
  );
}
