import { type AdminInstanceItem, bpmCalls, isInstanceStatus } from '@erp/contract/modules/bpm';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Space, Table, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { CommandDialog, PersonSelect } from '../../../components/flow';
import '../bpm-texts';
import { minuteText } from '../../../components/format/time';
import { dialogFor } from '../shared/process-dialogs';
import { STATUS_COLORS, TaskFilters, type TaskFilterValues } from '../shared/task-filters';

const REASON_MAX = 200;

type Action = { kind: 'terminate' | 'reassign'; item: AdminInstanceItem } | { kind: 'view'; item: AdminInstanceItem };

/**
 * The administrators' instance list (bpm:instance:admin): every instance, by default the live ones,
 * with who holds their open tasks — to end one that cannot go on, or to give a task to someone else.
 */
export function InstanceAdmin() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [filters, setFilters] = useState<TaskFilterValues>({});
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const [action, setAction] = useState<Action | null>(null);
  const list = useQuery({
    queryKey: ['bpm', 'adminInstances', filters, page],
    queryFn: () => api(bpmCalls.adminInstancePage, { ...filters, status: isInstanceStatus(filters.status) ? filters.status : undefined, ...page }),
    placeholderData: keepPreviousData,
  });
  const done = async (text: string) => {
    message.success(text, 2);
    await qc.invalidateQueries({ queryKey: ['bpm'] });
  };
  const live = (r: AdminInstanceItem) => r.status === 'running' || r.status === 'returned';
  const columns: TableProps<AdminInstanceItem>['columns'] = [
    { title: t('bpm.colTitle'), dataIndex: 'title', key: 'title', ellipsis: true },
    { title: t('bpm.colProcess'), dataIndex: 'processName', key: 'processName', width: 140 },
    { title: t('bpm.colInitiator'), key: 'initiator', width: 120, render: (_, r) => `${r.initiatorName}（${r.initiatorCode}）` },
    { title: t('bpm.colStart'), dataIndex: 'startTime', key: 'startTime', width: 150, render: minuteText },
    {
      title: t('bpm.admin.openTasks'),
      key: 'open',
      render: (_, r) =>
        r.openTasks.length
          ? r.openTasks.map((task) => (
              <div key={task.taskId}>
                {task.taskName}：{task.holders.map((h) => h.userName).join('、') || '—'}
              </div>
            ))
          : '—',
    },
    {
      title: t('bpm.colStatus'),
      key: 'status',
      width: 100,
      render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`bpm.status.${r.status}`, { defaultValue: r.status })}</Tag>,
    },
    {
      title: t('bpm.colAction'),
      key: 'op',
      width: 170,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setAction({ kind: 'view', item: r })}>
            {t('bpm.view')}
          </Button>
          {live(r) && r.openTasks.length > 0 && (
            <Button type="link" size="small" onClick={() => setAction({ kind: 'reassign', item: r })} data-testid="instance-reassign">
              {t('bpm.admin.reassign')}
            </Button>
          )}
          {live(r) && (
            <Button type="link" size="small" danger onClick={() => setAction({ kind: 'terminate', item: r })} data-testid="instance-terminate">
              {t('bpm.admin.terminate')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const View = action?.kind === 'view' ? dialogFor(action.item.processKey) : null;
  return (
    <section aria-label={t('bpm.admin.title')}>
      <TaskFilters
        showStatus
        onSearch={(v) => {
          setFilters(v);
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
      />
      <Table<AdminInstanceItem>
        rowKey="processInstanceId"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('bpm.admin.empty') }}
        onChange={(p) => setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('bpm.total', { n }),
        }}
      />
      <TerminateDialog
        item={action?.kind === 'terminate' ? action.item : null}
        onClose={() => setAction(null)}
        onSubmit={async (reason) => {
          await api(bpmCalls.terminateProcess, { processInstanceId: (action as Action).item.processInstanceId, reason });
          await done(t('bpm.admin.terminated'));
        }}
      />
      <ReassignDialog
        item={action?.kind === 'reassign' ? action.item : null}
        onClose={() => setAction(null)}
        onSubmit={async (v) => {
          await api(bpmCalls.reassignTask, v);
          await done(t('bpm.admin.reassigned'));
        }}
      />
      {View && action && (
        <View open mode="detail" processInstanceId={action.item.processInstanceId} businessId={action.item.businessId} onClose={() => setAction(null)} />
      )}
    </section>
  );
}

function TerminateDialog({ item, onSubmit, onClose }: { item: AdminInstanceItem | null; onSubmit(reason: string): Promise<unknown>; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <CommandDialog
      open={!!item}
      width={500}
      danger
      title={t('bpm.admin.terminateTitle', { title: item?.title ?? '' })}
      okText={t('bpm.admin.terminate')}
      form={form}
      onSubmit={(v) => onSubmit(v.reason.trim())}
      onClose={onClose}
    >
      <p>{t('bpm.admin.terminateHint')}</p>
      <Form.Item
        name="reason"
        label={t('bpm.admin.reason')}
        rules={[
          { required: true, whitespace: true, message: t('bpm.admin.terminateReasonRequired') },
          { max: REASON_MAX, message: t('bpm.admin.terminateReasonMax') },
        ]}
      >
        <Input.TextArea rows={3} maxLength={REASON_MAX} showCount placeholder={t('bpm.admin.terminateReasonRequired')} />
      </Form.Item>
    </CommandDialog>
  );
}

function ReassignDialog({
  item,
  onSubmit,
  onClose,
}: {
  item: AdminInstanceItem | null;
  onSubmit(v: { taskId: number; userCode: string; reason: string }): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ taskId: number; userCode: string; reason: string }>();
  const tasks = item?.openTasks ?? [];
  return (
    <CommandDialog
      open={!!item}
      width={520}
      title={t('bpm.admin.reassignTitle', { title: item?.title ?? '' })}
      okText={t('bpm.admin.reassign')}
      form={form}
      initialValues={tasks.length === 1 ? { taskId: tasks[0]?.taskId } : undefined}
      onSubmit={(v) => onSubmit({ taskId: v.taskId, userCode: v.userCode, reason: v.reason.trim() })}
      onClose={onClose}
    >
      <Form.Item name="taskId" label={t('bpm.admin.task')} rules={[{ required: true, message: t('bpm.admin.taskRequired') }]}>
        <Select
          options={tasks.map((task) => ({
            value: task.taskId,
            label: `${task.taskName}（${task.holders.map((h) => h.userName).join('、') || '—'}）`,
          }))}
        />
      </Form.Item>
      <Form.Item name="userCode" label={t('bpm.admin.reassignTo')} rules={[{ required: true, message: t('bpm.admin.reassignToRequired') }]}>
        <PersonSelect placeholder={t('bpm.admin.reassignToRequired')} testId="reassign-target" />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('bpm.admin.reason')}
        rules={[
          { required: true, whitespace: true, message: t('bpm.admin.reassignReasonRequired') },
          { max: REASON_MAX, message: t('bpm.admin.reassignReasonMax') },
        ]}
      >
        <Input.TextArea rows={3} maxLength={REASON_MAX} showCount placeholder={t('bpm.admin.reassignReasonRequired')} />
      </Form.Item>
    </CommandDialog>
  );
}
