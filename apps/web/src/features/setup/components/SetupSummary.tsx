import type { SetupStatus } from '@tollgate/contracts';
import { Descriptions, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUsageModeLabels } from '../hooks/use-usage-mode-labels';
import { DATABASE_LABELS, type SetupFormValues } from '../setup-form';

export function SetupSummary({ setupStatus }: { setupStatus: SetupStatus }) {
  const { t } = useTranslation();
  const labels = useUsageModeLabels();
  const form = Form.useFormInstance<SetupFormValues>();
  const username = Form.useWatch('username', form);
  const usageMode = Form.useWatch('usageMode', form);

  return (
    <Descriptions
      column={1}
      bordered
      items={[
        {
          key: 'database',
          label: t('setup.summaryDatabase'),
          children: DATABASE_LABELS[setupStatus.database_type],
        },
        {
          key: 'admin',
          label: t('setup.summaryAdmin'),
          children: setupStatus.root_init ? t('setup.summaryAdminExisting') : username?.trim(),
        },
        { key: 'mode', label: t('setup.summaryMode'), children: usageMode && labels[usageMode].title },
      ]}
    />
  );
}
