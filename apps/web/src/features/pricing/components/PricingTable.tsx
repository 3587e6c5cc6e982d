import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { type ModelPricing, QuotaType } from '@tollgate/contracts';
import { Flex, Table, type TableColumnsType, Tag, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../shared/hooks/use-is-phone';
import { useStatus } from '../../../shared/status/use-status';
import type { usePricing } from '../hooks/use-pricing';
import { modelPriceText } from '../price-display';

interface PricingTableProps {
  pricing: ReturnType<typeof usePricing>;
  selected: string[];
  onSelect: (names: string[]) => void;
}

export function PricingTable({ pricing, selected, onSelect }: PricingTableProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: status } = useStatus();
  const isPhone = useIsPhone();
  const { group, groupRatio } = pricing;

  const columns: TableColumnsType<ModelPricing> = [
    {
      title: t('pricing.columns.available'),
      key: 'available',
      width: 90,
      render: (_, model) =>
        model.enable_groups.includes(group) ? (
          <Tooltip title={t('pricing.available')}>
            <CheckCircleFilled style={{ color: token.colorSuccess }} aria-label={t('pricing.available')} />
          </Tooltip>
        ) : (
          <Tooltip title={t('pricing.unavailable')}>
            <CloseCircleFilled style={{ color: token.colorError }} aria-label={t('pricing.unavailable')} />
          </Tooltip>
        ),
    },
    {
      title: t('pricing.columns.model'),
      dataIndex: 'model_name',
      render: (name: string) => <Typography.Text copyable>{name}</Typography.Text>,
    },
    {
      title: t('pricing.columns.type'),
      dataIndex: 'quota_type',
      render: (type: QuotaType) =>
        type === QuotaType.PerRequest ? (
          <Tag color="purple">{t('pricing.perRequest')}</Tag>
        ) : (
          <Tag color="blue">{t('pricing.perToken')}</Tag>
        ),
    },
    {
      title: t('pricing.columns.groups'),
      dataIndex: 'enable_groups',
      render: (groups: string[]) => (
        <Flex gap={4} wrap>
          {groups
            .filter((name) => name in pricing.usableGroups)
            .map((name) => (
              <Tag key={name} color={name === group ? 'green' : undefined}>
                {name}
              </Tag>
            ))}
        </Flex>
      ),
    },
    {
      title: t('pricing.columns.ratio'),
      key: 'ratio',
      render: (_, model) => (
        <Flex vertical>
          {model.quota_type === QuotaType.PerToken && (
            <>
              <span>{t('pricing.modelRatio', { value: model.model_ratio })}</span>
              <span>{t('pricing.completionRatio', { value: model.completion_ratio })}</span>
            </>
          )}
          <span>{t('pricing.groupRatio', { value: groupRatio })}</span>
        </Flex>
      ),
    },
    {
      title: t('pricing.columns.price'),
      key: 'price',
      render: (_, model) => {
        const price = modelPriceText(model, groupRatio, status);
        if (price.perRequest) return t('pricing.requestPrice', { price: price.perRequest });
        return (
          <Flex vertical>
            <span>{t('pricing.inputPrice', { price: price.input })}</span>
            <span>{t('pricing.outputPrice', { price: price.output })}</span>
          </Flex>
        );
      },
    },
  ];

  return (
    <Table<ModelPricing>
      rowKey="model_name"
      size={isPhone ? 'small' : 'middle'}
      columns={columns}
      dataSource={pricing.models}
      loading={pricing.isLoading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('pricing.empty') }}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(String)),
      }}
      pagination={{
        defaultPageSize: 20,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('pricing.total', { total }),
        size: isPhone ? 'small' : undefined,
      }}
    />
  );
}
