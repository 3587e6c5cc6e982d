import { Card, Skeleton, Tabs } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import { ListLoadError } from '../../../shared/components/ListLoadError';
import { useOptions } from '../hooks/use-options';
import { ModelsTab } from '../models/ModelsTab';
import { OperationTab } from '../operation/OperationTab';
import type { StoredOptions } from '../option-values';
import { OtherTab } from '../other/OtherTab';
import { RateLimitTab } from '../ratelimit/RateLimitTab';
import { DEFAULT_SETTINGS_TAB, type SettingsTab } from '../settings-tabs';
import { SystemTab } from '../system/SystemTab';

interface SettingsPageProps {
  tab: SettingsTab | undefined;
  onTabChange: (tab: SettingsTab) => void;
}

/** Each tab in the spec's order; a tab edits the options it shows and nothing else. */
function tabItems(stored: StoredOptions, t: TFunction) {
  return [
    { key: 'operation', label: t('settings.tabs.operation'), children: <OperationTab stored={stored} /> },
    { key: 'ratelimit', label: t('settings.tabs.ratelimit'), children: <RateLimitTab stored={stored} /> },
    { key: 'models', label: t('settings.tabs.models'), children: <ModelsTab stored={stored} /> },
    { key: 'system', label: t('settings.tabs.system'), children: <SystemTab stored={stored} /> },
    { key: 'other', label: t('settings.tabs.other'), children: <OtherTab stored={stored} /> },
  ];
}

/** /admin/settings: every system option, by tab (administrators; others are sent to / by the guard). */
export function SettingsPage({ tab, onTabChange }: SettingsPageProps) {
  const { t } = useTranslation();
  const options = useOptions();

  let body;
  if (options.error) body = <ListLoadError error={options.error} onRetry={() => void options.refetch()} />;
  else if (!options.data) body = <Skeleton active />;
  else {
    const items = tabItems(options.data, t);
    const wanted = tab ?? DEFAULT_SETTINGS_TAB;
    const activeKey = items.some((item) => item.key === wanted) ? wanted : items[0].key;
    body = (
      <Tabs
        activeKey={activeKey}
        onChange={(key) => onTabChange(key as SettingsTab)}
        items={items}
        destroyOnHidden
      />
    );
  }
  return (
    <ConsolePage title={t('settings.title')}>
      <Card>{body}</Card>
    </ConsolePage>
  );
}
