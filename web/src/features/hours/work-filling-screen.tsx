import { functionHourCalls as F, type HourApproveRecord, type HourSheetRecord } from '@erp/contract/modules/hours-pay';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Collapse, DatePicker, Empty, Input, List, Modal, Space, Table, Tabs, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { api } from '../../app/api/client';
import { RecordHistory } from '../../components/history/record-history';
import { DictTag } from '../../components/resource/dict-tag';
import { ScreenFrame } from '../base/screen-frame';
import { type GridDay, MonthGrid } from './month-grid';

const ymOf = (d: Dayjs) => d.year() * 100 + d.month() + 1;
const EDITABLE = ['draft', 'returned', 'rejected', 'revoked'];

/** 工时填报: a month grid per project, one-click fill, save and submit; my sheets; sheets waiting for my approval. */
export default function WorkFillingScreen() {
  const [tab, setTab] = useState('fill');
  return (
    <ScreenFrame>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'fill', label: '工时填报', children: <FillTab /> },
          { key: 'mine', label: '我的工时', children: <MineTab /> },
          { key: 'approve', label: '待我审批', children: <ApproveTab /> },
        ]}
      />
    </ScreenFrame>
  );
}

function FillTab() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [month, setMonth] = useState<Dayjs>(() => dayjs().startOf('month'));
  const ym = ymOf(month);
  const [projectId, setProjectId] = useState<number | null>(null);
  const [days, setDays] = useState<GridDay[]>([]);
  const [busy, setBusy] = useState(false);
  const projects = useQuery({ queryKey: ['hours', 'projects', ym], queryFn: () => api(F.selectProjectInfo, { month: ym }) });
  const current = projects.data?.find((p) => p.projectId === projectId) ?? null;
  useEffect(() => {
    if (!projectId && projects.data?.[0]) setProjectId(projects.data[0].projectId);
  }, [projects.data, projectId]);
  const calendar = useQuery({
    queryKey: ['hours', 'calendar', ym, projectId],
    queryFn: () => api(F.getOneClickFill, { projectId: projectId as number, month: ym }),
    enabled: Boolean(projectId),
  });
  const sheetId = current?.sheetId ?? null;
  const sheet = useQuery({
    queryKey: ['hours', 'sheet', sheetId],
    queryFn: () => api(F.select, { id: sheetId as number }),
    enabled: Boolean(sheetId),
  });
  // The grid: the calendar's days with the stored hours (or zeros for a new sheet).
  useEffect(() => {
    if (!calendar.data) return;
    const stored = new Map((sheet.data?.days ?? []).map((d) => [d.workDate, d.hours]));
    setDays(calendar.data.days.map((d) => ({ ...d, hours: sheetId ? (stored.get(d.workDate) ?? 0) : 0 })));
  }, [calendar.data, sheet.data, sheetId]);
  const state = sheetId ? (sheet.data?.state ?? current?.state ?? 'draft') : 'draft';
  const editable = !sheetId || EDITABLE.includes(state);
  const total = days.reduce((t, d) => t + d.hours, 0);

  const save = async (submit: boolean) => {
    if (!projectId) return;
    setBusy(true);
    try {
      const payload = days.filter((d) => d.hours > 0).map((d) => ({ workDate: d.workDate, hours: d.hours }));
      if (sheetId) await api(F.update, { id: sheetId, days: payload, submit });
      else await api(F.addList, { projectId, month: ym, days: payload, submit });
      message.success(submit ? '工时已提交审批' : '工时已保存');
      await client.invalidateQueries({ queryKey: ['hours'] });
    } finally {
      setBusy(false);
    }
  };
  const fill = () => {
    if (!calendar.data) return;
    setDays(calendar.data.days.map((d) => ({ ...d })));
    message.info(`已按日历填入 ${calendar.data.workingDays} 个工作日`);
  };

  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
      <div style={{ width: 260, flex: '0 0 auto' }}>
        <DatePicker
          picker="month"
          allowClear={false}
          value={month}
          aria-label="月份"
          onChange={(v) => {
            if (v) {
              setMonth(v.startOf('month'));
              setProjectId(null);
            }
          }}
          style={{ width: '100%', marginBottom: 8 }}
        />
        <List
          size="small"
          bordered
          loading={projects.isLoading}
          dataSource={projects.data ?? []}
          locale={{ emptyText: <Empty description="本月没有可填报工时的项目" /> }}
          renderItem={(p) => (
            <List.Item
              onClick={() => setProjectId(p.projectId)}
              style={{ cursor: 'pointer', background: p.projectId === projectId ? '#e6f4ff' : undefined }}
              extra={p.status ? <DictTag codeType="STATUS" value={p.status} /> : <Tag>未填报</Tag>}
            >
              <List.Item.Meta title={p.projectName} description={`${p.projectNo ?? ''} 项目经理：${p.managerName ?? '-'}`} />
            </List.Item>
          )}
        />
      </div>
      <div style={{ flex: '1 1 560px', minWidth: 0 }}>
        {current ? (
          <>
            <Space wrap style={{ marginBottom: 12 }}>
              <strong>
                {current.projectName} · {month.format('YYYY年M月')}
              </strong>
              {sheet.data?.sheetNo && <span>单号 {sheet.data.sheetNo}</span>}
              <DictTag codeType="STATUS" value={sheet.data?.status ?? current.status ?? '052'} />
              <span data-testid="month-total">合计 {total} 小时</span>
            </Space>
            {state === 'returned' && <Alert type="warning" showIcon style={{ marginBottom: 8 }} message="工时单已被退回，请修改后重新提交" />}
            {state === 'rejected' && <Alert type="error" showIcon style={{ marginBottom: 8 }} message="工时单已被驳回，可修改后重新提交" />}
            <MonthGrid
              days={days}
              editable={editable}
              weekState={sheet.data ? <DictTag codeType="STATUS" value={sheet.data.status} /> : <Tag>未提交</Tag>}
              onChange={(workDate, hours) => setDays((all) => all.map((d) => (d.workDate === workDate ? { ...d, hours } : d)))}
            />
            {editable && (
              <Space style={{ marginTop: 12 }}>
                <Button onClick={fill} disabled={!calendar.data}>
                  一键填报
                </Button>
                <Button loading={busy} onClick={() => void save(false)}>
                  保存
                </Button>
                <Button type="primary" loading={busy} onClick={() => void save(true)}>
                  提交
                </Button>
              </Space>
            )}
            {sheetId && (
              <Collapse
                ghost
                style={{ marginTop: 12 }}
                items={[{ key: 'history', label: '操作记录', children: <RecordHistory kind="timesheet" id={sheetId} /> }]}
              />
            )}
          </>
        ) : (
          !projects.isLoading && <Empty description="请选择项目" />
        )}
      </div>
    </div>
  );
}

const sheetColumns = [
  { title: '单号', dataIndex: 'sheetNo', width: 150 },
  { title: '项目', dataIndex: 'projectName' },
  { title: '月份', dataIndex: 'month', width: 80 },
  { title: '总工时', dataIndex: 'totalHours', width: 80 },
  {
    title: '加班（延时/休息日/节假日）',
    key: 'ot',
    render: (_: unknown, r: HourSheetRecord) => `${r.otWorkdayHours} / ${r.otRestdayHours} / ${r.otHolidayHours}`,
  },
  { title: '状态', dataIndex: 'status', width: 100, render: (v: string) => <DictTag codeType="STATUS" value={v} /> },
];

function MineTab() {
  const [pageIndex, setPageIndex] = useState(1);
  const q = useQuery({ queryKey: ['hours', 'mine', pageIndex], queryFn: () => api(F.selectPage, { pageIndex, pageSize: 10 }) });
  return (
    <Table
      size="small"
      rowKey="id"
      loading={q.isLoading}
      dataSource={q.data?.records ?? []}
      columns={sheetColumns}
      pagination={{ current: pageIndex, total: q.data?.total ?? 0, pageSize: 10, onChange: setPageIndex }}
    />
  );
}

function ApproveTab() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [pageIndex, setPageIndex] = useState(1);
  const [rejecting, setRejecting] = useState<HourApproveRecord | null>(null);
  const [opinion, setOpinion] = useState('');
  const q = useQuery({ queryKey: ['hours', 'approve', pageIndex], queryFn: () => api(F.selectApprovePage, { pageIndex, pageSize: 10 }) });
  const done = async (text: string) => {
    message.success(text);
    await client.invalidateQueries({ queryKey: ['hours'] });
  };
  return (
    <>
      <Table
        size="small"
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        pagination={{ current: pageIndex, total: q.data?.total ?? 0, pageSize: 10, onChange: setPageIndex }}
        columns={[
          { title: '姓名', dataIndex: 'realName', width: 90 },
          ...sheetColumns,
          {
            title: '操作',
            key: 'op',
            width: 150,
            render: (_: unknown, r: HourApproveRecord) => (
              <Space>
                <Button
                  size="small"
                  type="link"
                  onClick={async () => {
                    await api(F.pass, { taskId: r.taskId, message: '同意' });
                    await done('已通过');
                  }}
                >
                  通过
                </Button>
                <Button size="small" type="link" danger onClick={() => setRejecting(r)}>
                  驳回
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title="驳回工时"
        open={Boolean(rejecting)}
        okButtonProps={{ disabled: !opinion.trim() }}
        onCancel={() => setRejecting(null)}
        onOk={async () => {
          if (!rejecting) return;
          await api(F.reject, { taskId: rejecting.taskId, message: opinion.trim() });
          setRejecting(null);
          setOpinion('');
          await done('已驳回');
        }}
      >
        <Input.TextArea aria-label="驳回意见" maxLength={200} value={opinion} onChange={(e) => setOpinion(e.target.value)} />
      </Modal>
    </>
  );
}
