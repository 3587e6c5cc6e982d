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

  const availability = (model: ModelPricing) =>
    model.enable_groups.includes(group) ? (
      <Tooltip title={t('pricing.available')}>
        <CheckCircleFilled style={{ color: token.colorSuccess }} aria-label={t('pricing.available')} />
      </Tooltip>
    ) : (
      <Tooltip title={t('pricing.unavailable')}>
        <CloseCircleFilled style={{ color: token.colorError }} aria-label={t('pricing.unavailable')} />
      </Tooltip>
    );
  const billingType = (model: ModelPricing) =>
    model.quota_type === QuotaType.PerRequest ? (
      <Tag color="purple">{t('pricing.perRequest')}</Tag>
    ) : (
      <Tag color="blue">{t('pricing.perToken')}</Tag>
    );
  const usableGroups = (model: ModelPricing) => (
    <Flex gap={4} wrap>
      {model.enable_groups
        .filter((name) => name in pricing.usableGroups)
        .map((name) => (
          <Tag key={name} color={name === group ? 'green' : undefined}>
            {name}
          </Tag>
        ))}
    </Flex>
  );
  const ratios = (model: ModelPricing) => (
    <Flex vertical>
      {model.quota_type === QuotaType.PerToken && (
        <>
          <span>{t('pricing.modelRatio', { value: model.model_ratio })}</span>
          <span>{t('pricing.completionRatio', { value: model.completion_ratio })}</span>
        </>
      )}
      <span>{t('pricing.groupRatio', { value: groupRatio })}</span>
    </Flex>
  );
  const priceOf = (model: ModelPricing) => {
    const price = modelPriceText(model, groupRatio, status);
    if (price.perRequest) return t('pricing.requestPrice', { price: price.perRequest });
    return (
      <Flex vertical>
        <span>{t('pricing.inputPrice', { price: price.input })}</span>
        <span>{t('pricing.outputPrice', { price: price.output })}</span>
      </Flex>
    );
  };
  const name = (model: ModelPricing) => <Typography.Text copyable>{model.model_name}</Typography.Text>;

  const desktop: TableColumnsType<ModelPricing> = [
    { title: t('pricing.columns.available'), key: 'available', width: 90, render: (_, m) => availability(m) },
    { title: t('pricing.columns.model'), key: 'model', render: (_, m) => name(m) },
    { title: t('pricing.columns.type'), key: 'type', render: (_, m) => billingType(m) },
    { title: t('pricing.columns.groups'), key: 'groups', render: (_, m) => usableGroups(m) },
    { title: t('pricing.columns.ratio'), key: 'ratio', render: (_, m) => ratios(m) },
    { title: t('pricing.columns.price'), key: 'price', render: (_, m) => priceOf(m) },
  ];
  // A phone shows the model and its price; the row opens to its groups and ratios.
  const phone: TableColumnsType<ModelPricing> = [
    {
      title: t('pricing.columns.model'),
      key: 'model',
      render: (_, m) => (
        <Flex vertical gap={4} align="flex-start">
          <Flex gap={6} align="center">
            {availability(m)}
            {name(m)}
          </Flex>
          {billingType(m)}
        </Flex>
      ),
    },
    { title: t('pricing.columns.price'), key: 'price', render: (_, m) => priceOf(m) },
  ];

  return (
    <Table<ModelPricing>
      rowKey="model_name"
      size={isPhone ? 'small' : 'middle'}
      columns={isPhone ? phone : desktop}
      expandable={
        isPhone
          ? {
              expandedRowRender: (m) => (
                <Flex vertical gap={8}>
                  {usableGroups(m)}
                  {ratios(m)}
                </Flex>
              ),
            }
          : undefined
      }
      dataSource={pricing.models}
      loading={pricing.isLoading}
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
