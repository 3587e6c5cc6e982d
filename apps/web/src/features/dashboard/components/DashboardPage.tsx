import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Result, Skeleton, Spin, Typography } from 'antd';
import { Suspense, lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_QUOTA_PER_UNIT } from '../../../lib/format-quota';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import { useStatus } from '../../../shared/status/use-status';
import { chartData } from '../chart-data';
import { useDashboard } from '../hooks/use-dashboard';
import { DashboardToolbar } from './DashboardToolbar';
import { SummaryCards } from './SummaryCards';

// The chart library is large: it comes in its own chunk when the dashboard first draws.
const DashboardCharts = lazy(() =>
  import('./DashboardCharts').then((module) => ({ default: module.DashboardCharts })),
);

/** /app/dashboard: summary cards and the charts of the quota buckets (reference §10 quota_data). */
export function DashboardPage() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const { data: status } = useStatus();
  const perUnit = status?.quota_per_unit || DEFAULT_QUOTA_PER_UNIT;
  const inCurrency = status?.display_in_currency ?? false;
  const { shown, range, granularity } = dashboard;
  // Drawn as fetched: while another range or granularity loads, the previous rows keep their own axis.
  const data = useMemo(
    () =>
      shown &&
      chartData(
        shown.series,
        shown.range,
        (quota) => (inCurrency ? Number((quota / perUnit).toFixed(6)) : quota),
        (count) => t('dashboard.charts.otherModels', { count }),
      ),
    [shown, inCurrency, perUnit, t],
  );

  const charts = (() => {
    if (dashboard.error && !dashboard.isLoading)
      return (
        <Result
          status="warning"
          title={t('dashboard.failed')}
          subTitle={dashboard.error.message}
          extra={
            <Button type="primary" icon={<ReloadOutlined />} onClick={dashboard.retry}>
              {t('dashboard.retry')}
            </Button>
          }
        />
      );
    if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (data.totals.count === 0)
      return (
        <Empty
          description={
            <Flex vertical gap={4}>
              <Typography.Text>{t('dashboard.empty')}</Typography.Text>
              <Typography.Text type="secondary">{t('dashboard.emptyHint')}</Typography.Text>
            </Flex>
          }
        />
      );
    return (
      <Spin spinning={dashboard.isLoading}>
        <Suspense
          fallback={
            <Flex vertical align="center" gap={8} style={{ padding: 48 }}>
              <Spin />
              <Typography.Text type="secondary">{t('dashboard.charts.loading')}</Typography.Text>
            </Flex>
          }
        >
          <DashboardCharts data={data} />
        </Suspense>
      </Spin>
    );
  })();

  return (
    <ConsolePage title={t('dashboard.title')}>
      {!dashboard.aggregationOn && <Alert type="info" showIcon title={t('dashboard.disabled')} />}
      <Card size="small">
        <DashboardToolbar
          admin={dashboard.admin}
          granularity={granularity}
          hoursAsDays={dashboard.hoursAsDays}
          hoursOffered={dashboard.hoursOffered}
          onGranularity={dashboard.changeGranularity}
          range={range}
          onRange={dashboard.changeRange}
          onUsername={dashboard.changeUsername}
          onRefresh={dashboard.refresh}
        />
      </Card>
      <SummaryCards account={dashboard.account} rate={dashboard.rate} totals={data?.totals} />
      {data && data.totals.count > 0 && !dashboard.error ? charts : <Card>{charts}</Card>}
    </ConsolePage>
  );
}
