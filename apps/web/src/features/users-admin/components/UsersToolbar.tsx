import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '../../../shared/components/FilterForm';
import { useGroups } from '../hooks/use-groups';
import type { UserFilters } from '../hooks/use-users';

interface UsersToolbarProps {
  onSearch: (filters: UserFilters) => void;
  onAdd: () => void;
}

export function UsersToolbar({ onSearch, onAdd }: UsersToolbarProps) {
  const { t } = useTranslation();
  const groups = useGroups();

  return (
    <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
      <FilterForm<keyof UserFilters>
        texts={t('usersAdmin.search', { returnObjects: true })}
        fields={[
          { kind: 'text', name: 'keyword', searchIcon: true, width: 320 },
          {
            kind: 'select',
            name: 'group',
            options: groups.data ?? [],
            loading: groups.isLoading,
            width: 180,
          },
        ]}
        onSearch={onSearch}
      />
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
        {t('usersAdmin.actions.add')}
      </Button>
    </Flex>
  );
}
