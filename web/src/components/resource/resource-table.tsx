import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Page } from '@erp/contract/common';
import type { CallDefinition, RequestOf } from '@erp/contract/define';
import { type FieldMeta, fieldsOf, type ResourceMeta } from '@erp/contract/resource';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Result, Space, Table, type TableColumnsType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download } from '../../app/api/client';
import { ColumnSettings, useHiddenColumns } from './column-settings';
import { renderValue } from './field-view';
import './resource-texts';
import { SearchForm } from './search-form';

type Row = Record<string, unknown>;

export interface ResourceTableProps<R extends Row> {
  meta: ResourceMeta<R>;
  /** The page call: its request takes pageIndex/pageSize/sortField/sortOrder plus the filters. */
  pageCall: CallDefinition;
  /** Blob call taking the same filters: adds an export button for the filtered rows. */
  exportCall?: CallDefinition;
  exportName?: string;
  /** Filters set by the screen (e.g. the department chosen in a tree), merged into every request. */
  fixedFilters?: Row;
  /** Query key prefix; invalidate it after changes. */
  queryKey: readonly unknown[];
  toolbar?: ReactNode;
  /** The filters of the search form as the user last applied them (for a screen's own exports). */
  onFiltersChange?(filters: Row): void;
  /**
   * A free-text box first in the search form, sent as `keyword` (lists whose page call takes one,
   * matching several columns at once); the text is its placeholder, e.g. "姓名 / 手机号".
   */
  keyword?: { label: string; labelEn?: string };
  searchExtra?: ReactNode;
  rowActions?: (record: R) => ReactNode;
  actionsWidth?: number;
  /** Per-field column overrides (custom render, width). */
  columns?: Partial<Record<keyof R & string, Partial<TableColumnsType<R>[number]>>>;
  onRowClick?: (record: R) => void;
  selectedKey?: unknown;
  /** Check boxes for a bulk action: the chosen rows (kept across pages) and which rows may be chosen. */
  selection?: { rows: R[]; onChange(rows: R[]): void; selectable?: (record: R) => boolean };
}

/**
 * A list screen from a resource's metadata: search form from the `filter` fields, sortable
 * columns, paging, column settings remembered per resource, export of the filtered rows,
 * loading, empty and error states.
 */
export function ResourceTable<R extends Row>(props: ResourceTableProps<R>) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  const { message } = App.useApp();
  const fields = fieldsOf(props.meta);
  const [filters, setFilters] = useState<Row>({});
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 20 });
  const [sort, setSort] = useState<{ sortField?: string; sortOrder?: 'ascend' | 'descend' }>({});
  const [exporting, setExporting] = useState(false);
  const tableFields = fields.filter(([, f]) => f.valueType !== 'password');
  const defaultsHidden = tableFields.filter(([, f]) => f.hideInTable).map(([k]) => k);
  const [hidden, setHidden] = useHiddenColumns(props.meta.name, defaultsHidden);

  const request = { ...filters, ...props.fixedFilters, ...sort };
  const query = useQuery({
    queryKey: [...props.queryKey, 'page', request, paging],
    queryFn: () => api(props.pageCall, { ...request, ...paging } as RequestOf<CallDefinition>, { silent: true }) as Promise<Page<R>>,
    placeholderData: keepPreviousData,
  });

  const label = (f: FieldMeta) => (en ? (f.labelEn ?? f.label) : f.label);
  const columns: TableColumnsType<R> = tableFields
    .filter(([k]) => !hidden.includes(k))
    .map(([key, f]) => ({
      key,
      dataIndex: key,
      title: label(f),
      width: f.width,
      ellipsis: true,
      sorter: f.sortable ? true : undefined,
      sortOrder: sort.sortField === key ? sort.sortOrder : null,
      render: (value: unknown) => renderValue(f, value, key, en),
      ...props.columns?.[key as keyof R & string],
    }));
  if (props.rowActions)
    columns.push({
      key: '__actions',
      title: t('resource.actions'),
      fixed: 'right',
      width: props.actionsWidth ?? 200,
      render: (_: unknown, r: R) => props.rowActions?.(r),
    });

  const exportRows = async () => {
    if (!props.exportCall) return;
    setExporting(true);
    try {
      await download(props.exportCall, request as RequestOf<CallDefinition>, props.exportName);
    } catch {
      message.error(t('resource.loadFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div>
      <SearchForm
        name={props.meta.name}
        fields={[...(props.keyword ? [['keyword', { ...props.keyword, filter: 'like' }] as [string, FieldMeta]] : []), ...fields.filter(([, f]) => f.filter)]}
        extra={props.searchExtra}
        onSearch={(values) => {
          setFilters(values);
          props.onFiltersChange?.(values);
          setPaging((p) => ({ ...p, pageIndex: 1 }));
        }}
      />
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>{props.toolbar}</Space>
        <Space wrap>
          {props.exportCall && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportRows}>
              {t('resource.export')}
            </Button>
          )}
          <Button icon={<ReloadOutlined />} onClick={() => query.refetch()} aria-label={t('resource.refresh')} />
          <ColumnSettings
            columns={tableFields.map(([k, f]) => ({ key: k, title: label(f) }))}
            hidden={hidden}
            onChange={setHidden}
            defaults={defaultsHidden}
            label={t('resource.columns')}
            resetLabel={t('resource.resetColumns')}
          />
        </Space>
      </Space>
      {query.isError && !query.data ? (
        <Result
          status="warning"
          title={t('resource.loadFailed')}
          subTitle={(query.error as Error).message}
          extra={<Button onClick={() => query.refetch()}>{t('resource.retry')}</Button>}
        />
      ) : (
        <Table<R>
          rowKey={props.meta.rowKey}
          size="middle"
          columns={columns}
          dataSource={query.data?.records ?? []}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('resource.empty')} /> }}
          rowSelection={
            props.selection
              ? {
                  preserveSelectedRowKeys: true,
                  // antd draws the header cell again in a hidden measuring row: a select-all box there
                  // is a focusable element inside aria-hidden (axe: aria-hidden-focus).
                  hideSelectAll: true,
                  selectedRowKeys: props.selection.rows.map((r) => r[props.meta.rowKey] as Key),
                  onChange: (_keys, rows) => props.selection?.onChange(rows),
                  getCheckboxProps: (r) => ({ disabled: props.selection?.selectable ? !props.selection.selectable(r) : false }),
                }
              : undefined
          }
          rowClassName={(r) => (props.selectedKey !== undefined && r[props.meta.rowKey] === props.selectedKey ? 'ant-table-row-selected' : '')}
          onRow={props.onRowClick ? (r) => ({ onClick: () => props.onRowClick?.(r), style: { cursor: 'pointer' } }) : undefined}
          pagination={{
            current: paging.pageIndex,
            pageSize: paging.pageSize,
            total: query.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('resource.total', { total }),
          }}
          onChange={(pagination, _filters, sorter) => {
            const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<R> | undefined;
            setSort(s?.order ? { sortField: String(s.columnKey ?? s.field), sortOrder: s.order } : {});
            setPaging({ pageIndex: pagination.current ?? 1, pageSize: pagination.pageSize ?? 20 });
          }}
        />
      )}
    </div>
  );
}
