import { useTranslation } from 'react-i18next';
import { UsageMode } from '../setup-form';

export function useUsageModeLabels(): Record<UsageMode, { title: string; hint: string }> {
  const { t } = useTranslation();
  return {
    [UsageMode.External]: { title: t('setup.modeExternal'), hint: t('setup.modeExternalHint') },
    [UsageMode.SelfUse]: { title: t('setup.modeSelfUse'), hint: t('setup.modeSelfUseHint') },
    [UsageMode.Demo]: { title: t('setup.modeDemo'), hint: t('setup.modeDemoHint') },
  };
}
