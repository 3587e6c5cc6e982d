import { CalendarOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/format-quota';
import { useStatus } from '../../../shared/status/use-status';
import { useCheckIn } from '../hooks/use-check-in';

export function CheckInTab() {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const { data, isLoading, reward, checkIn, isCheckingIn } = useCheckIn(true);

  if (isLoading || !data) return <Skeleton active loading={isLoading} />;
  if (!data.can_check_in) {
    return (
      <Result
        status="success"
        icon={<CheckCircleOutlined />}
        title={t('me.checkIn.done')}
        subTitle={
          reward === undefined
            ? t('me.checkIn.comeBack')
            : t('me.checkIn.reward', { quota: formatQuota(reward, status) })
        }
      />
    );
  }
  return (
    <Result
      icon={<CalendarOutlined />}
      title={t('me.checkIn.available')}
      subTitle={t('me.checkIn.hint')}
      extra={
        <Flex justify="center">
          <Button type="primary" size="large" loading={isCheckingIn} onClick={checkIn}>
            {t('me.checkIn.submit')}
          </Button>
        </Flex>
      }
    />
  );
}
