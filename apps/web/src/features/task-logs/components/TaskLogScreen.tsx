import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../../shared/components/ConsolePage';
import { useIsPhone } from '../../../shared/hooks/use-is-phone';
import type { TaskLogSearch } from '../task-log-search';
import { TaskLogFilters } from './TaskLogFilters';

interface TaskLogScreenProps {
  title: string;
  /** What the default time range covers. */
  rangeHint: string;
  /** Shown when the status object says the feature is off (the menu hides the screen then). */
  disabledNotice: string | null;
  admin: boolean;
  defaults: () => TaskLogSearch;
  onSearch: (search: TaskLogSearch) => void;
  onReload: () => void;
  /** The paged table. */
  children: ReactNode;
}

/** The frame both task log screens share: filters with a refresh button, the range hint, then the table. */
export function TaskLogScreen(props: TaskLogScreenProps) {
  const { t } = useTranslation();
  // A phone keeps the table's room: the card's padding shrinks.
  const phone = useIsPhone();
  return (
    <ConsolePage title={props.title}>
      {props.disabledNotice && <Alert type="info" showIcon title={props.disabledNotice} />}
      <Card styles={{ body: { padding: phone ? 12 : 24 } }}>
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="flex-start" gap={8} wrap>
            <TaskLogFilters admin={props.admin} defaults={props.defaults} onSearch={props.onSearch} />
            <Button icon={<ReloadOutlined />} onClick={props.onReload}>
              {t('taskLogs.refresh')}
            </Button>
          </Flex>
          <Typography.Text type="secondary">{props.rangeHint}</Typography.Text>
          {props.children}
        </Flex>
      </Card>
    </ConsolePage>
  );
}
