import type { DatabaseType } from '@tollgate/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATABASE_LABELS } from '../setup-form';

export function DatabaseStep({ databaseType }: { databaseType: DatabaseType }) {
  const { t } = useTranslation();
  switch (databaseType) {
    case 'sqlite':
      return (
        <Alert
          type="warning"
          showIcon
          title={DATABASE_LABELS.sqlite}
          description={t('setup.databaseSqlite')}
        />
      );
    case 'postgres':
      return (
        <Alert
          type="success"
          showIcon
          title={DATABASE_LABELS.postgres}
          description={t('setup.databasePostgres')}
        />
      );
  }
}
