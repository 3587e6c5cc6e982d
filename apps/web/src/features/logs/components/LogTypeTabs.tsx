import { LOG_TYPE_FILTERS } from '@tollgate/contracts';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogTypeLabel } from '../hooks/use-log-type-label';

interface LogTypeTabsProps {
  /** The chosen type as the search keeps it ('0' = all). */
  value: string;
  onChange: (type: string) => void;
}

/** Spec 001 §2: all, top-up, consumption, management, system, check-in, error (tabs that scroll on a phone). */
export function LogTypeTabs({ value, onChange }: LogTypeTabsProps) {
  const { t } = useTranslation();
  const label = useLogTypeLabel();
  return (
    <Tabs
      size="small"
      activeKey={value}
      onChange={onChange}
      aria-label={t('logs.columns.type')}
      items={LOG_TYPE_FILTERS.map((type) => ({ key: String(type), label: label(type) }))}
      style={{ marginBottom: 0 }}
    />
  );
}
