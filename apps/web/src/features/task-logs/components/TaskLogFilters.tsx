import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TimeRangePicker,
  type EpochRange,
  type RangePreset,
} from '../../../shared/components/TimeRangePicker';
import { lastDaysRange, todayRange, type TaskLogSearch } from '../task-log-search';

interface TaskLogFiltersProps {
  admin: boolean;
  /** The screen's own default terms (its time range), applied again by the reset button. */
  defaults: () => TaskLogSearch;
  onSearch: (search: TaskLogSearch) => void;
}

interface FilterValues {
  range: EpochRange;
  channel_id?: string;
  task_id?: string;
}

const rangeOf = (search: TaskLogSearch): EpochRange => ({
  start: Number(search.start),
  end: Number(search.end),
});

/** The submission time range (with quick ranges) and the task id; administrators also a channel id. */
export function TaskLogFilters({ admin, defaults, onSearch }: TaskLogFiltersProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const presets: RangePreset[] = [
    { label: t('taskLogs.search.today'), range: todayRange },
    { label: t('taskLogs.search.last7Days'), range: () => lastDaysRange(7) },
    { label: t('taskLogs.search.last30Days'), range: () => lastDaysRange(30) },
  ];

  const submit = (values: FilterValues): void =>
    onSearch({
      channel_id: values.channel_id?.trim() ?? '',
      task_id: values.task_id?.trim() ?? '',
      start: String(values.range.start),
      end: String(values.range.end),
    });

  const reset = (): void => {
    const fresh = defaults();
    form.setFieldsValue({ range: rangeOf(fresh), channel_id: undefined, task_id: undefined });
    onSearch(fresh);
  };

  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      onFinish={submit}
      initialValues={{ range: rangeOf(defaults()) }}
      style={{ rowGap: 8 }}
    >
      <Form.Item name="range" style={{ marginInlineEnd: 8, maxWidth: '100%' }}>
        <TimeRangePicker
          withTime
          presets={presets}
          ariaLabel={t('taskLogs.search.range')}
          placeholder={[t('taskLogs.search.start'), t('taskLogs.search.end')]}
        />
      </Form.Item>
      {admin && (
        <Form.Item
          name="channel_id"
          style={{ marginInlineEnd: 8 }}
          rules={[{ pattern: /^\s*\d*\s*$/, message: t('taskLogs.search.channelInvalid') }]}
        >
          <Input
            allowClear
            inputMode="numeric"
            placeholder={t('taskLogs.search.channel_id')}
            aria-label={t('taskLogs.search.channel_id')}
            style={{ width: 120 }}
          />
        </Form.Item>
      )}
      <Form.Item name="task_id" style={{ marginInlineEnd: 8 }}>
        <Input
          allowClear
          placeholder={t('taskLogs.search.task_id')}
          aria-label={t('taskLogs.search.task_id')}
          style={{ width: 220, maxWidth: '100%' }}
        />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('taskLogs.search.submit')}
        </Button>
        <Button onClick={reset}>{t('taskLogs.search.reset')}</Button>
      </Flex>
    </Form>
  );
}
