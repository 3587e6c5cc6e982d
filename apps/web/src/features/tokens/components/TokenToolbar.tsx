import { CopyOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TokenFilters } from '../hooks/use-tokens';

interface TokenToolbarProps {
  onSearch: (filters: TokenFilters) => void;
  onCreate: () => void;
  onCopySelected: () => void;
}

/** Create and batch-copy on one side, search by name keyword and key fragment on the other. */
export function TokenToolbar({ onSearch, onCreate, onCopySelected }: TokenToolbarProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TokenFilters>();

  const reset = (): void => {
    form.resetFields();
    onSearch({ keyword: '', token: '' });
  };

  return (
    <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
      <Flex wrap gap={8}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {t('tokens.actions.create')}
        </Button>
        <Button icon={<CopyOutlined />} onClick={onCopySelected}>
          {t('tokens.actions.copySelected')}
        </Button>
      </Flex>
      <Form<TokenFilters>
        form={form}
        layout="inline"
        initialValues={{ keyword: '', token: '' }}
        onFinish={onSearch}
        style={{ rowGap: 8 }}
      >
        <Form.Item name="keyword" style={{ marginInlineEnd: 8 }}>
          <Input
            aria-label={t('tokens.search.keyword')}
            placeholder={t('tokens.search.keywordPlaceholder')}
            allowClear
          />
        </Form.Item>
        <Form.Item name="token" style={{ marginInlineEnd: 8 }}>
          <Input
            aria-label={t('tokens.search.token')}
            placeholder={t('tokens.search.tokenPlaceholder')}
            allowClear
          />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('tokens.search.submit')}
          </Button>
          <Button onClick={reset}>{t('tokens.search.reset')}</Button>
        </Flex>
      </Form>
    </Flex>
  );
}
