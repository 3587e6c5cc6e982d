import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { responseTimeColor } from '../response-time';

interface ResponseTimeTagProps {
  /** The last test's response time in ms: 0 when none was measured. */
  milliseconds: number;
  /** When the last test ran (epoch seconds; 0 = never). */
  testTime: number;
}

/** The last test's response time coloured per spec §9; a test that ran without a time failed. */
export function ResponseTimeTag({ milliseconds, testTime }: ResponseTimeTagProps) {
  const { t } = useTranslation();
  if (milliseconds <= 0)
    return testTime > 0 ? (
      <Tag color="red">{t('channels.responseTime.failed')}</Tag>
    ) : (
      <Tag>{t('channels.responseTime.untested')}</Tag>
    );
  return (
    <Tag color={responseTimeColor(milliseconds)}>
      {t('channels.responseTime.seconds', { value: (milliseconds / 1000).toFixed(2) })}
    </Tag>
  );
}
