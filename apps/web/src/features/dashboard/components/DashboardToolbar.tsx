import { InfoCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  DASHBOARD_GRANULARITIES,
  DASHBOARD_SELF_MAX_RANGE_SECONDS,
  type DashboardGranularity,
} from '@tollgate/contracts';
import { Button, Flex, Input, Segmented, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TimeRangePicker,
  type EpochRange,
  type RangePreset,
} from '../../../shared/components/TimeRangePicker';

interface DashboardToolbarProps {
  admin: boolean;
  granularity: DashboardGranularity;
  /** Hours were chosen for a range longer than they cover: days are shown, and the toolbar says so. */
  hoursAsDays: boolean;
  /** False while the picked range is longer than hours cover. */
  hoursOffered: boolean;
  onGranularity: (granularity: DashboardGranularity) => void;
  range: EpochRange;
  onRange: (range: EpochRange) => void;
  onUsername: (username: string) => void;
  onRefresh: () => void;
}

const DAY = 86_400;
const nowSeconds = (): number => Math.floor(Date.now() / 1000);
const lastDays = (days: number) => (): EpochRange => ({
  start: nowSeconds() - days * DAY,
  end: nowSeconds(),
});
const today = (): EpochRange => ({
  start: Math.floor(new Date().setHours(0, 0, 0, 0) / 1000),
  end: nowSeconds(),
});

/** Granularity, range (a user's own data spans at most 30 days) and, for administrators, whose data. */
export function DashboardToolbar(props: DashboardToolbarProps) {
  const {
    admin,
    granularity,
    hoursAsDays,
    hoursOffered,
    onGranularity,
    range,
    onRange,
    onUsername,
    onRefresh,
  } = props;
  const { t } = useTranslation();
  const presets: RangePreset[] = [
    { label: t('dashboard.presets.today'), range: today },
    { label: t('dashboard.presets.last7Days'), range: lastDays(7) },
    { label: t('dashboard.presets.last14Days'), range: lastDays(14) },
    { label: t('dashboard.presets.last30Days'), range: lastDays(30) },
  ];
  // The self route refuses more than 30 days: keep the end and pull the start in.
  const pick = (next: EpochRange): void =>
    onRange(
      admin || next.end - next.start <= DASHBOARD_SELF_MAX_RANGE_SECONDS
        ? next
        : { start: next.end - DASHBOARD_SELF_MAX_RANGE_SECONDS, end: next.end },
    );

  return (
    <Flex wrap gap={8} align="center">
      <Segmented<DashboardGranularity>
        aria-label={t('dashboard.granularity')}
        value={granularity}
        onChange={onGranularity}
        options={DASHBOARD_GRANULARITIES.map((value) => ({
          value,
          label: t(`dashboard.granularities.${value}`),
          disabled: value === 'hour' && !hoursOffered,
        }))}
      />
      {hoursAsDays && (
        <Typography.Text type="secondary">
          <InfoCircleOutlined /> {t('dashboard.hoursAsDays')}
        </Typography.Text>
      )}
      <Tooltip title={admin ? undefined : t('dashboard.selfRangeLimit')}>
        <span>
          <TimeRangePicker
            value={range}
            onChange={pick}
            presets={presets}
            ariaLabel={t('dashboard.range')}
            placeholder={[t('dashboard.range'), t('dashboard.range')]}
          />
        </span>
      </Tooltip>
      {admin && (
        <Input.Search
          allowClear
          aria-label={t('dashboard.username')}
          placeholder={t('dashboard.usernamePlaceholder')}
          enterButton={t('dashboard.apply')}
          onSearch={(value) => onUsername(value.trim())}
          style={{ width: 240 }}
        />
      )}
      <Button icon={<ReloadOutlined />} onClick={onRefresh}>
        {t('dashboard.refresh')}
      </Button>
    </Flex>
  );
}
