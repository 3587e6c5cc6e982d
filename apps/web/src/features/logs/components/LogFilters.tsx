import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TimeRangePicker,
  type EpochRange,
  type RangePreset,
} from '../../../shared/components/TimeRangePicker';
import { defaultLogRange, defaultLogSearch, type LogSearch } from '../log-search';

interface LogFiltersProps {
  admin: boolean;
  search: LogSearch;
  onSearch: (search: LogSearch) => void;
}

interface FilterValues {
  range: EpochRange;
  token_name?: string;
  model_name?: string;
  group?: string;
  channel?: string;
  username?: string;
}

const DAY = 86_400;
const HOUR = 3600;
const nowSeconds = (): number => Math.floor(Date.now() / 1000);
// Quick ranges end an hour ahead, like the default one, so calls made meanwhile stay inside.
const lastDays = (days: number) => () => ({ start: nowSeconds() - days * DAY, end: nowSeconds() + HOUR });
const today = () => ({ start: startOfDaysAgo(0), end: nowSeconds() + HOUR });

function startOfDaysAgo(days: number): number {
  const now = new Date();
  return Math.floor(new Date(now.getFullYear(), now.getMonth(), now.getDate() - days).getTime() / 1000);
}

/** The time range (with quick ranges), token, model and group; administrators also channel id and username. */
export function LogFilters({ admin, search, onSearch }: LogFiltersProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const presets: RangePreset[] = [
    { label: t('logs.search.today'), range: today },
    { label: t('logs.search.last3Days'), range: () => defaultLogRange() },
    { label: t('logs.search.last7Days'), range: lastDays(7) },
    { label: t('logs.search.last30Days'), range: lastDays(30) },
  ];
  const text = (name: keyof Omit<FilterValues, 'range'>, width = 150) => (
    <Form.Item name={name} style={{ marginInlineEnd: 8 }}>
      <Input
        allowClear
        placeholder={t(`logs.search.${name}`)}
        aria-label={t(`logs.search.${name}`)}
        style={{ width }}
      />
    </Form.Item>
  );

  const submit = (values: FilterValues): void =>
    onSearch({
      ...search,
      start_timestamp: String(values.range.start),
      end_timestamp: String(values.range.end),
      token_name: values.token_name?.trim() ?? '',
      model_name: values.model_name?.trim() ?? '',
      group: values.group?.trim() ?? '',
      channel: values.channel?.trim() ?? '',
      username: values.username?.trim() ?? '',
    });

  const reset = (): void => {
    const fresh = { ...defaultLogSearch(), type: search.type };
    form.setFieldsValue({
      range: { start: Number(fresh.start_timestamp), end: Number(fresh.end_timestamp) },
      token_name: undefined,
      model_name: undefined,
      group: undefined,
      channel: undefined,
      username: undefined,
    });
    onSearch(fresh);
  };

  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      onFinish={submit}
      initialValues={{
        range: { start: Number(search.start_timestamp), end: Number(search.end_timestamp) },
      }}
      style={{ rowGap: 8 }}
    >
      <Form.Item name="range" style={{ marginInlineEnd: 8, maxWidth: '100%' }}>
        <TimeRangePicker
          withTime
          presets={presets}
          ariaLabel={t('logs.search.range')}
          placeholder={[t('logs.search.start'), t('logs.search.end')]}
        />
      </Form.Item>
      {text('token_name')}
      {text('model_name')}
      {text('group', 120)}
      {admin && text('channel', 120)}
      {admin && text('username', 130)}
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('logs.search.submit')}
        </Button>
        <Button onClick={reset}>{t('logs.search.reset')}</Button>
      </Flex>
    </Form>
  );
}
