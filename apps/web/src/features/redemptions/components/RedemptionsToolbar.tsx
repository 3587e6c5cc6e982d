import { DeleteOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '../../../shared/components/FilterForm';
import type { RedemptionFilters } from '../hooks/use-redemptions';

interface RedemptionsToolbarProps {
  onSearch: (filters: RedemptionFilters) => void;
  onCreate: () => void;
  onBatchDisable: () => void;
  onDeleteDisabled: () => void;
  onDeleteByName: () => void;
}

/** Create and the bulk actions on one side, search by id or name on the other. */
export function RedemptionsToolbar(props: RedemptionsToolbarProps) {
  const { onSearch, onCreate, onBatchDisable, onDeleteDisabled, onDeleteByName } = props;
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
      <Flex wrap gap={8}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {t('redemptions.actions.create')}
        </Button>
        <Button icon={<StopOutlined />} onClick={onBatchDisable}>
          {t('redemptions.actions.batchDisable')}
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={onDeleteDisabled}>
          {t('redemptions.actions.deleteDisabled')}
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={onDeleteByName}>
          {t('redemptions.actions.deleteByName')}
        </Button>
      </Flex>
      <FilterForm<keyof RedemptionFilters>
        texts={t('redemptions.search', { returnObjects: true })}
        fields={[{ kind: 'text', name: 'keyword' }]}
        onSearch={onSearch}
      />
    </Flex>
  );
}
