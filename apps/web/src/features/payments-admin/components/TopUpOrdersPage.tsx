import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import { FilterForm } from '../../../shared/components/FilterForm';
import { PagedTable } from '../../../shared/components/PagedTable';
import { useStatus } from '../../../shared/status/use-status';
import { topUpOrderColumns } from '../../../shared/top-up-orders/top-up-order-columns';
import { type TopUpOrderFilters, useAllTopUpOrders } from '../hooks/use-all-top-up-orders';

/** /admin/topups: every online top-up order, so a disputed payment can be traced to its user and log rows. */
export function TopUpOrdersPage() {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const orders = useAllTopUpOrders();
  return (
    <ConsolePage title={t('paymentsAdmin.title')}>
      <Card>
        <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
          <Button icon={<ReloadOutlined />} onClick={orders.reload}>
            {t('paymentsAdmin.refresh')}
          </Button>
          <FilterForm<keyof TopUpOrderFilters>
            texts={t('paymentsAdmin.search', { returnObjects: true })}
            fields={[{ kind: 'text', name: 'keyword', searchIcon: true, width: 260 }]}
            onSearch={orders.search}
          />
        </Flex>
        <PagedTable
          list={orders}
          columns={topUpOrderColumns(t, status, { admin: true })}
          keyColumns={['time', 'user', 'status']}
          totalText={(total) => t('topUpOrders.total', { total })}
        />
      </Card>
    </ConsolePage>
  );
}
