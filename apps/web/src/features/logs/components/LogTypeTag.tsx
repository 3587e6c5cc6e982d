import { LogType } from '@tollgate/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogTypeLabel } from '../hooks/use-log-type-label';

const COLOURS: Record<Exclude<LogType, typeof LogType.Unknown>, string> = {
  [LogType.TopUp]: 'cyan',
  [LogType.Consume]: 'green',
  [LogType.Manage]: 'orange',
  [LogType.System]: 'purple',
  [LogType.CheckIn]: 'blue',
  [LogType.Error]: 'red',
};

export function LogTypeTag({ type }: { type: LogType }) {
  const { t } = useTranslation();
  const label = useLogTypeLabel();
  // A type this console does not know (a newer server) reads as unknown, like 0.
  const colour = type === LogType.Unknown ? undefined : (COLOURS[type] as string | undefined);
  return colour ? <Tag color={colour}>{label(type)}</Tag> : <Tag>{t('logs.types.unknown')}</Tag>;
}
