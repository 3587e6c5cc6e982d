import { type ChannelOtherInfo, ChannelStatus } from '@tollgate/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../format-time';

function readOtherInfo(text: string): ChannelOtherInfo {
  try {
    const value = JSON.parse(text || '{}') as unknown;
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

interface ChannelStatusTagProps {
  status: number;
  otherInfo: string;
}

/** Spec §4: 1 enabled, 2 disabled, 3 auto-disabled with the recorded reason and time in a tooltip. */
export function ChannelStatusTag({ status, otherInfo }: ChannelStatusTagProps) {
  const { t } = useTranslation();
  switch (status) {
    case ChannelStatus.Enabled:
      return <Tag color="success">{t('channels.status.enabled')}</Tag>;
    case ChannelStatus.ManuallyDisabled:
      return <Tag color="error">{t('channels.status.disabled')}</Tag>;
    case ChannelStatus.AutoDisabled: {
      const info = readOtherInfo(otherInfo);
      const time = formatTimestamp(info.status_time ?? 0);
      const title = (
        <>
          <div>
            {t('channels.status.reason', { reason: info.status_reason || t('channels.status.noReason') })}
          </div>
          {time && <div>{t('channels.status.time', { time })}</div>}
        </>
      );
      return (
        <Tooltip title={title}>
          <Tag color="warning">{t('channels.status.autoDisabled')}</Tag>
        </Tooltip>
      );
    }
    default:
      return <Tag>{t('channels.status.unknown')}</Tag>;
  }
}
