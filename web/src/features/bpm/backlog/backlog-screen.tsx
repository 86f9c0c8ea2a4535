import { bpmCalls, type TaskListItem } from '@erp/contract/modules/bpm';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Table, type TableProps, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { Suspense, useEffect, useState } from 'react';
import { api } from '../../../app/api/client';
import { queryKeys } from '../../../app/query-keys';
import { dialogFor, type RecordMode } from '../shared/process-dialogs';
import { OUTCOME_NAMES, STATUS_COLORS, STATUS_NAMES, TaskFilters, type TaskFilterValues } from '../shared/task-filters';

type TabKey = 'todo' | 'done' | 'closed' | 'cc';
const LIST_CALLS = {
  todo: bpmCalls.getUserTaskSort,
  done: bpmCalls.getUserHiTaskSort,
  closed: bpmCalls.getUserClosedTaskSort,
  cc: bpmCalls.getUserCCTaskSort,
} as const;
const MODE: Record<TabKey, RecordMode> = { todo: 'approve', done: 'done', closed: 'closed', cc: 'cc' };
const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

interface Opened {
  item: TaskListItem;
  mode: RecordMode;
}

/** /backlog/index — the process centre: to-do, done, closed and cc, each filtered, sorted and paged. */
export default function BacklogScreen() {
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

  const columns: TableProps<TaskListItem>['columns'] = [
    { title: '标题', dataIndex: 'title', key: 'title', sorter: true, ellipsis: true },
    { title: '流程', dataIndex: 'processName', key: 'processName', sorter: true, width: 140 },
    { title: tab === 'closed' ? '结果' : '当前节点', key: 'node', width: 160, render: (_, r) => (tab === 'todo' ? r.taskName : r.currentNodes || '—') },
    { title: '发起人', dataIndex: 'initiatorName', key: 'initiatorName', width: 100 },
    { title: '发起时间', dataIndex: 'startTime', key: 'startTime', sorter: true, width: 150, render: time },
    {
      title: tab === 'done' ? '处理时间' : tab === 'closed' ? '结束时间' : '到达时间',
      dataIndex: 'taskTime',
      key: 'taskTime',
      sorter: tab !== 'closed',
      width: 150,
      render: time,
    },
    {
      title: '状态',
      key: 'status',
      width: 110,
      render: (_, r) => (
        <>
          <Tag color={STATUS_COLORS[r.status]}>{STATUS_NAMES[r.status] ?? r.status}</Tag>
          {tab === 'done' && r.outcome && <Tag>{OUTCOME_NAMES[r.outcome] ?? r.outcome}</Tag>}
          {tab === 'cc' && <Badge status={r.ccRead ? 'default' : 'processing'} text={r.ccRead ? '已阅' : '未阅'} />}
        </>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpened({ item: r, mode: MODE[tab] })} data-testid="backlog-open">
          {tab === 'todo' ? '处理' : '查看'}
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
          { key: 'todo', label: label('todo', '我的待办') },
          { key: 'done', label: label('done', '我的已办') },
          { key: 'closed', label: label('closed', '已办结') },
          { key: 'cc', label: label('cc', '抄送我的') },
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
        locale={{ emptyText: '暂无数据' }}
        onChange={(p, _f, s) => {
          const one = Array.isArray(s) ? s[0] : s;
          setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 20 });
          setSort(one?.order ? { sortField: String(one.columnKey), sortOrder: one.order } : {});
        }}
        pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: list.data?.total ?? 0, showSizeChanger: true, showTotal: (t) => `共 ${t} 条` }}
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
