import { DeleteOutlined, PlusOutlined, SearchOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

interface RedemptionsToolbarProps {
  onSearch: (keyword: string) => void;
  onCreate: () => void;
  onBatchDisable: () => void;
  onDeleteDisabled: () => void;
  onDeleteByName: () => void;
}

export function RedemptionsToolbar(props: RedemptionsToolbarProps) {
  const { onSearch, onCreate, onBatchDisable, onDeleteDisabled, onDeleteByName } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<{ keyword: string }>();

  const reset = (): void => {
    form.resetFields();
    onSearch('');
  };

  return (
    <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
      <Flex wrap gap={8}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {t('redemptions.actions.create')}
        </Button>
        <Button icon={<StopOutlined />} onClick={onBatchDisable}>
          {t('redemptions.actions.batchDisable')}
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={onDeleteDisabled}>
          {t('redemptions.actions.deleteDisabled')}
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={onDeleteByName}>
          {t('redemptions.actions.deleteByName')}
        </Button>
      </Flex>
      <Form<{ keyword: string }>
        form={form}
        layout="inline"
        initialValues={{ keyword: '' }}
        onFinish={({ keyword }) => onSearch(keyword)}
      >
        <Form.Item name="keyword" style={{ marginInlineEnd: 8 }}>
          <Input
            aria-label={t('redemptions.search.keyword')}
            placeholder={t('redemptions.search.keywordPlaceholder')}
            allowClear
          />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('redemptions.search.submit')}
          </Button>
          <Button onClick={reset}>{t('redemptions.search.reset')}</Button>
        </Flex>
      </Form>
    </Flex>
  );
}
