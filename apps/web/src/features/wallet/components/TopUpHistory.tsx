import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/components/PagedTable';
import { useStatus } from '../../../shared/status/use-status';
import { topUpOrderColumns } from '../../../shared/top-up-orders/top-up-order-columns';
import { useTopUpOrders } from '../hooks/use-top-up-orders';

/** The user's online top-up orders: time, amount, money, method, status. */
export function TopUpHistory() {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const orders = useTopUpOrders();
  return (
    <Card title={t('wallet.history.title')}>
      <PagedTable
        list={orders}
        columns={topUpOrderColumns(t, status, { admin: false })}
        keyColumns={['time', 'amount', 'status']}
        totalText={(total) => t('topUpOrders.total', { total })}
        size="small"
      />
    </Card>
  );
}
