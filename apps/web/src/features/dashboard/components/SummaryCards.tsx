import type { LogStat, UserView } from '@tollgate/contracts';
import { Card, Col, Row, Statistic, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuota, formatQuotaExact } from '../../../lib/format-quota';
import { useStatus } from '../../../shared/status/use-status';
import type { DashboardTotals } from '../chart-data';

interface SummaryCardsProps {
  /** The signed-in user's account, or the one an administrator picked (null: no such user). */
  account: UserView | null | undefined;
  rate: LogStat | undefined;
  totals: DashboardTotals | undefined;
}

/** The account (balance, used quota, requests) and the last minute's rate; then the chosen range's sums. */
export function SummaryCards({ account, rate, totals }: SummaryCardsProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const accountCards = [
    {
      key: 'balance',
      title: t('dashboard.cards.balance'),
      value: account ? formatQuota(account.quota, status) : '-',
    },
    {
      key: 'usedQuota',
      title: t('dashboard.cards.usedQuota'),
      value: account ? formatQuotaExact(account.used_quota, status) : '-',
    },
    {
      key: 'requestCount',
      title: t('dashboard.cards.requestCount'),
      value: account ? formatNumber(account.request_count) : '-',
    },
    {
      key: 'rate',
      title: <Tooltip title={t('dashboard.cards.rateHint')}>{t('dashboard.cards.rate')}</Tooltip>,
      value: rate ? `${formatNumber(rate.rpm)} / ${formatNumber(rate.tpm)}` : '-',
    },
  ];
  const rangeFigures = [
    {
      key: 'rangeQuota',
      title: t('dashboard.cards.rangeQuota'),
      value: totals ? formatQuotaExact(totals.quota, status) : '-',
    },
    {
      key: 'rangeCalls',
      title: t('dashboard.cards.rangeCalls'),
      value: totals ? formatNumber(totals.count) : '-',
    },
    {
      key: 'rangeTokens',
      title: t('dashboard.cards.rangeTokens'),
      value: totals ? formatNumber(totals.tokens) : '-',
    },
  ];

  return (
    <Row gutter={[12, 12]}>
      {accountCards.map((card) => (
        <Col key={card.key} xs={12} xl={6}>
          <Card size="small" style={{ height: '100%' }}>
            <Statistic title={card.title} value={card.value} />
          </Card>
        </Col>
      ))}
      <Col span={24}>
        <Card size="small">
          <Row gutter={[12, 12]}>
            {rangeFigures.map((figure) => (
              <Col key={figure.key} xs={8}>
                <Statistic title={figure.title} value={figure.value} styles={{ content: { fontSize: 20 } }} />
              </Col>
            ))}
          </Row>
        </Card>
      </Col>
    </Row>
  );
}
