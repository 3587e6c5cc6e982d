import type { LogStat, StatusObject } from '@tollgate/contracts';
import { Flex, Skeleton, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatQuotaExact } from '../../../lib/format-quota';

interface LogStatChipsProps {
  stat: LogStat | undefined;
  isLoading: boolean;
  status: StatusObject | null;
}

/** Spec 001 §2: spent quota and total, input and output tokens over the filters; RPM and TPM of the last minute. */
export function LogStatChips({ stat, isLoading, status }: LogStatChipsProps) {
  const { t } = useTranslation();
  if (!stat && isLoading) return <Skeleton.Input active size="small" style={{ width: 320 }} />;
  const value = (number: number | undefined) => (number === undefined ? '-' : formatNumber(number));
  return (
    <Flex gap={8} wrap data-testid="log-stat">
      <Tag color="blue" style={{ fontSize: 14, padding: '2px 10px' }}>
        {t('logs.stat.quota')}: {stat ? formatQuotaExact(stat.quota, status) : '-'}
      </Tag>
      <Tag color="purple" style={{ fontSize: 14, padding: '2px 10px' }}>
        {t('logs.stat.tokens')}: {value(stat?.token_total)}
      </Tag>
      <Tag color="geekblue" style={{ fontSize: 14, padding: '2px 10px' }}>
        {t('logs.stat.promptTokens')}: {value(stat?.prompt_tokens)}
      </Tag>
      <Tag color="cyan" style={{ fontSize: 14, padding: '2px 10px' }}>
        {t('logs.stat.completionTokens')}: {value(stat?.completion_tokens)}
      </Tag>
      <Tooltip title={t('logs.stat.rateHint')}>
        <Tag color="magenta" style={{ fontSize: 14, padding: '2px 10px' }}>
          {t('logs.stat.rpm')}: {value(stat?.rpm)}
        </Tag>
      </Tooltip>
      <Tooltip title={t('logs.stat.rateHint')}>
        <Tag color="orange" style={{ fontSize: 14, padding: '2px 10px' }}>
          {t('logs.stat.tpm')}: {value(stat?.tpm)}
        </Tag>
      </Tooltip>
    </Flex>
  );
}
