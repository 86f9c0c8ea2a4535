import { bpmCalls, type InstanceListItem } from '@erp/contract/modules/bpm';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Dropdown, Popconfirm, Space, Table, type TableProps, Tag } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { FlowSteps } from '../../../components/flow';
import { dialogFor, type RecordMode } from '../shared/process-dialogs';
import '../bpm-texts';
import { minuteText } from '../../../components/format/time';
import { STATUS_COLORS, TaskFilters, type TaskFilterValues } from '../shared/task-filters';
import { useTaskActions } from '../shared/use-task-actions';
import { StartRequestDialog } from './start-request-dialog';

function RowFlow({ id }: { id: number }) {
  const steps = useQuery({ queryKey: ['bpm', 'steps', id], queryFn: () => api(bpmCalls.viewApprovalInfo, { processInstanceId: id }) });
  return <FlowSteps steps={steps.data ?? []} loading={steps.isLoading} />;
}

/** /Initiate/index — what I started, with status and the flow; start a new request. */
export default function InitiateScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<TaskFilterValues>({});
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const [opened, setOpened] = useState<{ item: Pick<InstanceListItem, 'processKey' | 'processInstanceId' | 'businessId'>; mode: RecordMode } | null>(null);
  const [starting, setStarting] = useState<{ key: string; name: string } | null>(null);
  const list = useQuery({
    queryKey: ['bpm', 'mine', filters, page],
    queryFn: () => api(bpmCalls.myInstances, { ...filters, ...page }),
    placeholderData: keepPreviousData,
  });
  const defs = useQuery({ queryKey: ['bpm', 'startable'], queryFn: () => api(bpmCalls.getProDefList, {}), staleTime: 60_000 });
  const actions = useTaskActions(() => void list.refetch());
  // The screen stays mounted in its tab; effects run again when the tab is shown, so the list is fresh.
  const refetchList = list.refetch;
  useEffect(() => {
    void refetchList();
  }, [refetchList]);

  const columns: TableProps<InstanceListItem>['columns'] = [
    { title: t('bpm.colTitle'), dataIndex: 'title', ellipsis: true },
    { title: t('bpm.colProcess'), dataIndex: 'processName', width: 140 },
    { title: t('bpm.colNode'), dataIndex: 'currentNodes', width: 160, render: (v: string) => v || '—' },
    { title: t('bpm.colStart'), dataIndex: 'startTime', width: 150, render: minuteText },
    { title: t('bpm.colEnded'), dataIndex: 'endTime', width: 150, render: minuteText },
    {
      title: t('bpm.colStatus'),
      dataIndex: 'status',
      width: 90,
      render: (s: string) => <Tag color={STATUS_COLORS[s]}>{t(`bpm.status.${s}`, { defaultValue: s })}</Tag>,
    },
    {
      title: t('bpm.colAction'),
      key: 'op',
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setOpened({ item: r, mode: r.taskId ? 'detail' : 'closed' })}>
            {t(r.taskId ? 'bpm.editResubmit' : 'bpm.view')}
          </Button>
          {r.canRevoke && (
            <Popconfirm title={t('bpm.revokeConfirm')} onConfirm={() => actions.revoke(r.processInstanceId)}>
              <Button type="link" size="small">
                {t('bpm.revoke')}
              </Button>
            </Popconfirm>
          )}
          {r.status === 'running' && (
            <Button type="link" size="small" onClick={() => actions.urge(r.processInstanceId)}>
              {t('bpm.urge')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const Dialog = opened ? dialogFor(opened.item.processKey) : null;
  const startMenu = (defs.data ?? []).map((d) => ({ key: d.key, label: d.name }));
  return (
    <Card
      variant="borderless"
      title={t('bpm.mine')}
      extra={
        <Dropdown
          menu={{
            items: startMenu,
            onClick: ({ key }) => {
              const d = defs.data?.find((x) => x.key === key);
              if (!d) return;
              if (d.key === 'Positive_Process') setOpened({ item: { processKey: d.key, processInstanceId: 0, businessId: '' }, mode: 'start' });
              else setStarting({ key: d.key, name: d.name });
            },
          }}
          disabled={!startMenu.length}
        >
          <Button type="primary">{t('bpm.startNew')}</Button>
        </Dropdown>
      }
    >
      <TaskFilters
        showInitiator={false}
        showStatus
        onSearch={(v) => {
          setFilters(v);
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
      />
      <Table<InstanceListItem>
        rowKey="processInstanceId"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 1000 }}
        expandable={{ expandedRowRender: (r) => <RowFlow id={r.processInstanceId} /> }}
        onChange={(p) => setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
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
            processInstanceId={opened.item.processInstanceId || null}
            businessId={opened.item.businessId || null}
            onClose={() => setOpened(null)}
            onDone={() => void list.refetch()}
          />
        </Suspense>
      )}
      {starting && (
        <StartRequestDialog processKey={starting.key} processName={starting.name} onClose={() => setStarting(null)} onStarted={() => void list.refetch()} />
      )}
    </Card>
  );
}
