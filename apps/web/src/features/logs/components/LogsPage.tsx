import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import type { LogItem } from '@tollgate/contracts';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import { useIsPhone } from '../../../shared/hooks/use-is-phone';
import { useStatus } from '../../../shared/status/use-status';
import { useLogColumns } from '../hooks/use-log-columns';
import { useLogs } from '../hooks/use-logs';
import { LogColumnSettings } from './LogColumnSettings';
import { LogFilters } from './LogFilters';
import { LogsTable } from './LogsTable';
import { LogStatChips } from './LogStatChips';
import { LogTypeTabs } from './LogTypeTabs';
import { UserInfoModal } from './UserInfoModal';

/** /app/logs/api-usage: stat chips, filters, the type tabs and the paged table of usage log rows. */
export function LogsPage() {
  const { t } = useTranslation();
  const logs = useLogs();
  const { data: status } = useStatus();
  const [columns, setColumns] = useLogColumns();
  const [settingColumns, setSettingColumns] = useState(false);
  const [userId, setUserId] = useState<number | null>(null);
  // A phone keeps the table's room: the card's padding shrinks.
  const phone = useIsPhone();

  return (
    <ConsolePage title={t('logs.title')}>
      <Card styles={{ body: { padding: phone ? 12 : 24 } }}>
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <LogStatChips stat={logs.stat.data} isLoading={logs.stat.isLoading} status={status} />
            <Flex gap={8}>
              <Button icon={<ReloadOutlined />} onClick={logs.reload}>
                {t('logs.refresh')}
              </Button>
              <Button icon={<SettingOutlined />} onClick={() => setSettingColumns(true)}>
                {t('logs.columnSettingsButton')}
              </Button>
            </Flex>
          </Flex>
          <LogFilters admin={logs.admin} search={logs.search} onSearch={logs.apply} />
          <Typography.Text type="secondary">{t('logs.rangeHint')}</Typography.Text>
          <LogTypeTabs value={logs.search.type} onChange={(type) => logs.apply({ ...logs.search, type })} />
          <LogsTable
            list={logs.list}
            admin={logs.admin}
            status={status}
            visible={columns}
            onUser={(row: LogItem) => setUserId(row.user_id)}
          />
        </Flex>
      </Card>
      {settingColumns && (
        <LogColumnSettings
          admin={logs.admin}
          value={columns}
          onSave={setColumns}
          onClose={() => setSettingColumns(false)}
        />
      )}
      {userId !== null && <UserInfoModal userId={userId} onClose={() => setUserId(null)} />}
    </ConsolePage>
  );
}
