import { PAGE_SIZE_OPTIONS } from '@tollgate/contracts';
import type { TablePaginationConfig } from 'antd';

interface ServerPaging {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  totalText: (total: number) => string;
  /** A phone: fewer page buttons, so the pager fits one line. */
  simple?: boolean;
  /** Hidden while the total fits one page. */
  hideOnSinglePage?: boolean;
}

/** The pager of a server-paged table: the spec's page sizes (§9) to choose from and the row total. */
export function serverPagination({
  page,
  pageSize,
  total,
  onChange,
  totalText,
  simple = false,
  hideOnSinglePage = false,
}: ServerPaging): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal: totalText,
    onChange,
    size: simple ? 'small' : undefined,
    showLessItems: simple,
    hideOnSinglePage,
  };
}
