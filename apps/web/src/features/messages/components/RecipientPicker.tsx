import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminUser, RECIPIENT_PICKER_PAGE_SIZE } from '@tollgate/contracts';
import { Button, Flex, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchUsers } from '../api';

interface RecipientPickerProps {
  /** Chosen user ids; given by the Form.Item the picker sits in. */
  value?: number[];
  onChange?: (ids: number[]) => void;
}

/**
 * Users to address, 20 a page from `/api/user/search` (spec 001 §7). Ticks survive paging and searching,
 * so recipients can be gathered from several searches.
 */
export function RecipientPicker({ value = [], onChange }: RecipientPickerProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const users = useQuery({
    queryKey: ['recipient-picker', keyword, page],
    queryFn: () => searchUsers(keyword, page, RECIPIENT_PICKER_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });

  return (
    <Flex vertical gap={8}>
      <Input.Search
        allowClear
        placeholder={t('messages.picker.searchPlaceholder')}
        aria-label={t('messages.picker.searchPlaceholder')}
        onSearch={(text) => {
          setKeyword(text.trim());
          setPage(1);
        }}
      />
      <Flex justify="space-between" align="center">
        <Typography.Text>{t('messages.picker.selected', { count: value.length })}</Typography.Text>
        <Button size="small" disabled={value.length === 0} onClick={() => onChange?.([])}>
          {t('messages.picker.clear')}
        </Button>
      </Flex>
      <Table<AdminUser>
        rowKey="id"
        size="small"
        dataSource={users.data?.items}
        loading={users.isFetching}
        columns={[
          { title: t('messages.picker.columns.id'), dataIndex: 'id', width: 64 },
          { title: t('messages.picker.columns.username'), dataIndex: 'username', ellipsis: true },
          { title: t('messages.picker.columns.displayName'), dataIndex: 'display_name', ellipsis: true },
        ]}
        rowSelection={{
          selectedRowKeys: value,
          preserveSelectedRowKeys: true,
          onChange: (keys) => onChange?.(keys.map(Number)),
        }}
        pagination={{
          current: page,
          pageSize: RECIPIENT_PICKER_PAGE_SIZE,
          total: users.data?.total ?? 0,
          showSizeChanger: false,
          size: 'small',
          showTotal: (total) => t('messages.picker.total', { total }),
          onChange: setPage,
        }}
      />
    </Flex>
  );
}
