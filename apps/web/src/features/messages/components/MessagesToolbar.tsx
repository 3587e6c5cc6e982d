import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TimeRangePicker,
  type EpochRange,
  type RangePreset,
} from '../../../shared/components/TimeRangePicker';
import type { MessageFilters } from '../hooks/use-admin-messages';

interface MessagesToolbarProps {
  onSearch: (filters: MessageFilters) => void;
  onCreate: () => void;
}

interface SearchValues {
  keyword?: string;
  range?: EpochRange;
}

const DAY = 86_400;
const startOfToday = (): number => {
  const now = new Date();
  return Math.floor(new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() / 1000);
};
const lastDays = (days: number) => () => ({
  start: startOfToday() - (days - 1) * DAY,
  end: startOfToday() + DAY - 1,
});

/** Send on one side; search by keyword and sending dates (whole days) on the other. */
export function MessagesToolbar({ onSearch, onCreate }: MessagesToolbarProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SearchValues>();
  const presets: RangePreset[] = [
    { label: t('messages.admin.presets.today'), range: lastDays(1) },
    { label: t('messages.admin.presets.week'), range: lastDays(7) },
    { label: t('messages.admin.presets.month'), range: lastDays(30) },
  ];
  const submit = ({ keyword, range }: SearchValues): void =>
    onSearch({
      keyword: keyword?.trim() ?? '',
      start_date: range ? String(range.start) : '',
      end_date: range ? String(range.end) : '',
    });

  return (
    <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
        {t('messages.admin.create')}
      </Button>
      <Form<SearchValues> form={form} layout="inline" onFinish={submit} style={{ rowGap: 8 }}>
        <Form.Item name="keyword">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('messages.admin.keywordPlaceholder')}
            aria-label={t('messages.admin.keyword')}
          />
        </Form.Item>
        <Form.Item name="range">
          <TimeRangePicker
            presets={presets}
            ariaLabel={t('messages.admin.dateRange')}
            placeholder={[t('messages.admin.dateFrom'), t('messages.admin.dateTo')]}
          />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('messages.admin.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              submit({});
            }}
          >
            {t('messages.admin.reset')}
          </Button>
        </Flex>
      </Form>
    </Flex>
  );
}
