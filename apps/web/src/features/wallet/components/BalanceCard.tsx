import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuota } from '../../../lib/format-quota';
import { useStatus } from '../../../shared/status/use-status';
import { useBalance } from '../hooks/use-balance';

export function BalanceCard() {
  const { t } = useTranslation();
  const { data: user, isLoading } = useBalance();
  const { data: status } = useStatus();

  return (
    <Card title={t('wallet.balance.title')} loading={isLoading && !user}>
      <Row gutter={[24, 16]}>
        <Col xs={24} sm={8}>
          <Statistic title={t('wallet.balance.quota')} value={user ? formatQuota(user.quota, status) : '-'} />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic
            title={t('wallet.balance.usedQuota')}
            value={user ? formatQuota(user.used_quota, status) : '-'}
          />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic
            title={t('wallet.balance.requestCount')}
            value={user ? formatNumber(user.request_count) : '-'}
          />
        </Col>
      </Row>
    </Card>
  );
}
