import { Table, type TableProps } from 'antd';

/**
 * A page's own small read-only table: every row shown (no pages), compact, and scrolling sideways
 * inside itself where it is wider than a phone. Lists that page, filter or act are `ListPage`.
 */
export function SmallTable<T extends object>(props: Omit<TableProps<T>, 'size' | 'pagination' | 'scroll'>) {
  return <Table<T> size="small" pagination={false} scroll={{ x: 'max-content' }} {...props} />;
}
