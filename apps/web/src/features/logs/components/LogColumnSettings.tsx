import { Button, Checkbox, Flex, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_LOG_COLUMNS,
  DEFAULT_LOG_COLUMNS,
  LOG_COLUMN_KEYS,
  type LogColumnKey,
  type LogColumnVisibility,
} from '../log-columns';

interface LogColumnSettingsProps {
  admin: boolean;
  value: LogColumnVisibility;
  onSave: (value: LogColumnVisibility) => void;
  onClose: () => void;
}

/** Which columns the log table shows (remembered under `logs-table-columns`); mounted while open, saved on OK. */
export function LogColumnSettings({ admin, value, onSave, onClose }: LogColumnSettingsProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  // Everyone else never sees the admin-only columns, so they are not offered either (their stored choice stays).
  const offered = LOG_COLUMN_KEYS.filter((key) => admin || !ADMIN_LOG_COLUMNS.includes(key));
  const checked = offered.filter((key) => draft[key]);

  const setChecked = (keys: LogColumnKey[]): void =>
    setDraft({ ...draft, ...Object.fromEntries(offered.map((key) => [key, keys.includes(key)])) });

  return (
    <Modal
      open
      title={t('logs.columnSettings.title')}
      okText={t('logs.columnSettings.ok')}
      cancelText={t('logs.columnSettings.cancel')}
      onOk={() => {
        onSave(draft);
        onClose();
      }}
      onCancel={onClose}
    >
      <Flex gap={8} style={{ marginBottom: 12 }}>
        <Button size="small" onClick={() => setChecked([...offered])}>
          {t('logs.columnSettings.all')}
        </Button>
        <Button size="small" onClick={() => setDraft(DEFAULT_LOG_COLUMNS)}>
          {t('logs.columnSettings.reset')}
        </Button>
      </Flex>
      <Checkbox.Group<LogColumnKey>
        value={checked}
        onChange={setChecked}
        options={offered.map((key) => ({
          value: key,
          label:
            t(`logs.columns.${key}`) +
            (ADMIN_LOG_COLUMNS.includes(key) ? t('logs.columnSettings.adminOnly') : ''),
        }))}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 8 }}
      />
    </Modal>
  );
}
