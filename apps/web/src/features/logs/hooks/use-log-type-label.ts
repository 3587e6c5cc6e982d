import { LogType } from '@tollgate/contracts';
import { useTranslation } from 'react-i18next';

/** The name of each log type (spec 001 §3; ours: 5 check-in, 6 error); Unknown names the "all" filter. */
export function useLogTypeLabel(): (type: LogType) => string {
  const { t } = useTranslation();
  return (type) => {
    switch (type) {
      case LogType.Unknown:
        return t('logs.types.all');
      case LogType.TopUp:
        return t('logs.types.topUp');
      case LogType.Consume:
        return t('logs.types.consume');
      case LogType.Manage:
        return t('logs.types.manage');
      case LogType.System:
        return t('logs.types.system');
      case LogType.CheckIn:
        return t('logs.types.checkIn');
      case LogType.Error:
        return t('logs.types.error');
    }
  };
}
