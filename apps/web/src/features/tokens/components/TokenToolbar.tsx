import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '../../../shared/components/FilterForm';
import type { TokenFilters } from '../hooks/use-tokens';

interface TokenToolbarProps {
  onSearch: (filters: TokenFilters) => void;
  onCreate: () => void;
  onCopySelected: () => void;
}

/** Create and batch-copy on one side, search by name keyword and key fragment on the other. */
export function TokenToolbar({ onSearch, onCreate, onCopySelected }: TokenToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
      <Flex wrap gap={8}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {t('tokens.actions.create')}
        </Button>
        <Button icon={<CopyOutlined />} onClick={onCopySelected}>
          {t('tokens.actions.copySelected')}
        </Button>
      </Flex>
      <FilterForm<keyof TokenFilters>
        texts={t('tokens.search', { returnObjects: true })}
        fields={[
          { kind: 'text', name: 'keyword' },
          { kind: 'text', name: 'token' },
        ]}
        onSearch={onSearch}
      />
    </Flex>
  );
}
