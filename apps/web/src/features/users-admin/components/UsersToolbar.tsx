import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../hooks/use-groups';
import type { UserFilters } from '../hooks/use-users';

interface UsersToolbarProps {
  onSearch: (filters: UserFilters) => void;
  onAdd: () => void;
}

export function UsersToolbar({ onSearch, onAdd }: UsersToolbarProps) {
  const { t } = useTranslation();
  const groups = useGroups();
  const [form] = Form.useForm<UserFilters>();

  return (
    <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
      <Form<UserFilters>
        form={form}
        layout="inline"
        initialValues={{ keyword: '' }}
        onFinish={(values) => onSearch({ keyword: values.keyword ?? '', group: values.group ?? '' })}
        style={{ rowGap: 8 }}
      >
        <Form.Item name="keyword">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('usersAdmin.search.keyword')}
            aria-label={t('usersAdmin.search.keywordLabel')}
            style={{ width: 320 }}
          />
        </Form.Item>
        <Form.Item name="group">
          <Select
            allowClear
            showSearch
            placeholder={t('usersAdmin.search.group')}
            aria-label={t('usersAdmin.search.group')}
            options={groups.options}
            loading={groups.isLoading}
            style={{ width: 180 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('usersAdmin.search.submit')}
        </Button>
      </Form>
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
        {t('usersAdmin.actions.add')}
      </Button>
    </Flex>
  );
}
