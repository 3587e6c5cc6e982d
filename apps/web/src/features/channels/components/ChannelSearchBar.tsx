import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnabledModels, useGroupNames } from '../hooks/use-channel-catalogues';
import { type ChannelSearch, EMPTY_SEARCH } from '../hooks/use-channel-list';

// Cleared inputs report undefined.
type SearchValues = Partial<ChannelSearch>;

interface ChannelSearchBarProps {
  onSearch: (search: ChannelSearch) => void;
}

/** Keyword (id, name, tag, base URL), group and model filters; applied on submit. */
export function ChannelSearchBar({ onSearch }: ChannelSearchBarProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SearchValues>();
  const { data: groups } = useGroupNames();
  const { data: models } = useEnabledModels();

  return (
    <Form<SearchValues>
      form={form}
      layout="inline"
      onFinish={(values) =>
        onSearch({ keyword: values.keyword ?? '', group: values.group ?? '', model: values.model ?? '' })
      }
      style={{ rowGap: 8 }}
    >
      <Form.Item name="keyword">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('channels.search.keyword')}
          aria-label={t('channels.search.keyword')}
          style={{ width: 280 }}
        />
      </Form.Item>
      <Form.Item name="group">
        <Select
          allowClear
          showSearch
          placeholder={t('channels.search.group')}
          aria-label={t('channels.search.group')}
          options={groups.map((group) => ({ value: group, label: group }))}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Form.Item name="model">
        <AutoComplete
          allowClear
          placeholder={t('channels.search.model')}
          aria-label={t('channels.search.model')}
          options={models.map((model) => ({ value: model }))}
          showSearch={{
            filterOption: (input, option) =>
              String(option?.value ?? '')
                .toLowerCase()
                .includes(input.toLowerCase()),
          }}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('channels.search.submit')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch(EMPTY_SEARCH);
          }}
        >
          {t('channels.search.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
