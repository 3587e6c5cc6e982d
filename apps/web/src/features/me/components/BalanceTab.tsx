import type { SelfUser } from '@tollgate/contracts';
import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuota } from '../../../lib/format-quota';
import { useStatus } from '../../../shared/status/use-status';

export function BalanceTab({ user }: { user: SelfUser }) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={8}>
        <Statistic title={t('me.balance.quota')} value={formatQuota(user.quota, status)} />
      </Col>
      <Col xs={24} sm={8}>
        <Statistic title={t('me.balance.usedQuota')} value={formatQuota(user.used_quota, status)} />
      </Col>
      <Col xs={24} sm={8}>
        <Statistic title={t('me.balance.requestCount')} value={formatNumber(user.request_count)} />
      </Col>
    </Row>
  );
}
