import { bpmCalls, type TaskListItem } from '@erp/contract/modules/bpm';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Table, type TableProps, Tabs, Tag } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { queryKeys } from '../../../app/query-keys';
import '../bpm-texts';
import { minuteText } from '../../../components/format/time';
import { dialogFor, type RecordMode } from '../shared/process-dialogs';
import { STATUS_COLORS, TaskFilters, type TaskFilterValues } from '../shared/task-filters';

type TabKey = 'todo' | 'done' | 'closed' | 'cc';
const LIST_CALLS = {
  todo: bpmCalls.getUserTaskSort,
  done: bpmCalls.getUserHiTaskSort,
  closed: bpmCalls.getUserClosedTaskSort,
  cc: bpmCalls.getUserCCTaskSort,
} as const;
const MODE: Record<TabKey, RecordMode> = { todo: 'approve', done: 'done', closed: 'closed', cc: 'cc' };

interface Opened {
  item: TaskListItem;
  mode: RecordMode;
}

/** /backlog/index — the process centre: to-do, done, closed and cc, each filtered, sorted and paged. */
export default function BacklogScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>('todo');
  const [filters, setFilters] = useState<TaskFilterValues>({});
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const [sort, setSort] = useState<{ sortField?: string; sortOrder?: 'ascend' | 'descend' }>({});
  const [opened, setOpened] = useState<Opened | null>(null);
  const totals = useQuery({ queryKey: queryKeys.bpmTotal, queryFn: () => api(bpmCalls.getAllUserTaskTotal, {}) });
  const list = useQuery({
    queryKey: ['bpm', 'list', tab, filters, page, sort],
    queryFn: () => api(LIST_CALLS[tab], { ...filters, ...page, ...sort }),
    placeholderData: keepPreviousData,
  });

  // A new to-do or copy (pushed by the live channel, which refreshes the badge) refreshes the list too.
  const badge = `${totals.data?.sum ?? ''}:${totals.data?.ccTotal ?? ''}`;
  const refetchList = list.refetch;
  useEffect(() => {
    if (badge !== ':') void refetchList();
  }, [badge, refetchList]);

  // How a closed request ended: its last decision (审批通过 · 财务审批 · 张三), else how it stopped.
  const closedResult = (r: TaskListItem) =>
    r.outcome
      ? `${t(`bpm.done.${r.outcome === 'pass' ? 'pass' : 'reject'}`)}${r.currentNodes ? ` · ${r.currentNodes}` : ''}`
      : t(`bpm.status.${r.status}`, { defaultValue: r.status });
  const columns: TableProps<TaskListItem>['columns'] = [
    { title: t('bpm.colTitle'), dataIndex: 'title', key: 'title', sorter: true, ellipsis: true },
    { title: t('bpm.colProcess'), dataIndex: 'processName', key: 'processName', sorter: true, width: 140 },
    {
      title: t(tab === 'closed' ? 'bpm.colResult' : 'bpm.colNode'),
      key: 'node',
      width: 160,
      render: (_, r) => (tab === 'todo' ? r.taskName : tab === 'closed' ? closedResult(r) : r.currentNodes || '—'),
    },
    { title: t('bpm.colInitiator'), dataIndex: 'initiatorName', key: 'initiatorName', width: 100 },
    { title: t('bpm.colStart'), dataIndex: 'startTime', key: 'startTime', sorter: true, width: 150, render: minuteText },
    {
      title: t(tab === 'done' ? 'bpm.colHandled' : tab === 'closed' ? 'bpm.colEnded' : 'bpm.colArrived'),
      dataIndex: 'taskTime',
      key: 'taskTime',
      sorter: tab !== 'closed',
      width: 150,
      render: minuteText,
    },
    {
      title: t('bpm.colStatus'),
      key: 'status',
      width: 110,
      render: (_, r) => (
        <>
          <Tag color={STATUS_COLORS[r.status]}>{t(`bpm.status.${r.status}`, { defaultValue: r.status })}</Tag>
          {tab === 'done' && r.outcome && <Tag>{t(`bpm.outcome.${r.outcome}`, { defaultValue: r.outcome })}</Tag>}
          {tab === 'cc' && <Badge status={r.ccRead ? 'default' : 'processing'} text={t(r.ccRead ? 'bpm.read' : 'bpm.unread')} />}
        </>
      ),
    },
    {
      title: t('bpm.colAction'),
      key: 'op',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpened({ item: r, mode: MODE[tab] })} data-testid="backlog-open">
          {t(tab === 'todo' ? 'bpm.handle' : 'bpm.view')}
        </Button>
      ),
    },
  ];

  const counts: Record<TabKey, number | undefined> = {
    todo: totals.data?.sum,
    cc: totals.data?.ccTotal,
    done: tab === 'done' ? list.data?.total : undefined,
    closed: tab === 'closed' ? list.data?.total : undefined,
  };
  const label = (key: TabKey, text: string) => (
    <span data-testid={`backlog-tab-${key}`}>
      {text}
      {counts[key] !== undefined && <Badge count={counts[key]} overflowCount={999} size="small" offset={[6, -2]} showZero={false} />}
    </span>
  );
  const Dialog = opened ? dialogFor(opened.item.processKey) : null;

  return (
    <Card variant="borderless">
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as TabKey);
          setPage((p) => ({ ...p, pageIndex: 1 }));
          setSort({});
        }}
        items={[
          { key: 'todo', label: label('todo', t('bpm.tabTodo')) },
          { key: 'done', label: label('done', t('bpm.tabDone')) },
          { key: 'closed', label: label('closed', t('bpm.tabClosed')) },
          { key: 'cc', label: label('cc', t('bpm.tabCc')) },
        ]}
      />
      <TaskFilters
        onSearch={(v) => {
          setFilters(v);
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
      />
      <Table<TaskListItem>
        rowKey={(r) => `${r.processInstanceId}:${r.taskId ?? ''}`}
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('bpm.empty') }}
        onChange={(p, _f, s) => {
          const one = Array.isArray(s) ? s[0] : s;
          setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 20 });
          setSort(one?.order ? { sortField: String(one.columnKey), sortOrder: one.order } : {});
        }}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('bpm.total', { n }),
        }}
      />
      {opened && Dialog && (
        <Suspense fallback={null}>
          <Dialog
            open
            mode={opened.mode}
            processInstanceId={opened.item.processInstanceId}
            businessId={opened.item.businessId}
            onClose={() => setOpened(null)}
            onDone={() => void list.refetch()}
          />
        </Suspense>
      )}
    </Card>
  );
}
