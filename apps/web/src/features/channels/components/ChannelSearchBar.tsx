import { useTranslation } from 'react-i18next';
import { FilterForm } from '../../../shared/components/FilterForm';
import { useEnabledModels, useGroupNames } from '../hooks/use-channel-catalogues';
import type { ChannelFilters } from '../hooks/use-channel-list';

interface ChannelSearchBarProps {
  onSearch: (filters: ChannelFilters) => void;
}

/** Keyword (id, name, tag, base URL), group and model filters; applied on submit. */
export function ChannelSearchBar({ onSearch }: ChannelSearchBarProps) {
  const { t } = useTranslation();
  const { data: groups } = useGroupNames();
  const { data: models } = useEnabledModels();

  return (
    <FilterForm<keyof ChannelFilters>
      texts={t('channels.search', { returnObjects: true })}
      fields={[
        { kind: 'text', name: 'keyword', searchIcon: true, width: 280 },
        { kind: 'select', name: 'group', options: groups, width: 160 },
        { kind: 'suggest', name: 'model', options: models, width: 200 },
      ]}
      onSearch={onSearch}
    />
  );
}
