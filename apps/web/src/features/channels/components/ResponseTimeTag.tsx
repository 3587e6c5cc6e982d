import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { responseTimeColor } from '../response-time';

/** The last test's response time (stored in ms), coloured per spec §9. */
export function ResponseTimeTag({ milliseconds }: { milliseconds: number }) {
  const { t } = useTranslation();
  if (milliseconds <= 0) return <Tag>{t('channels.responseTime.untested')}</Tag>;
  return (
    <Tag color={responseTimeColor(milliseconds)}>
      {t('channels.responseTime.seconds', { value: (milliseconds / 1000).toFixed(2) })}
    </Tag>
  );
}
