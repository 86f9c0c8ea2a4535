import { payrollCalls as P, type PaySlipRecord, paySlipMeta, SALARY_PERM } from '@erp/contract/modules/salary';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Empty, Popconfirm, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { RecordHistory } from '../../components/history/record-history';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { fenText, monthText } from '../finance/money';
import { fenColumns, MonthSelect, PayLines } from './pay-parts';

/** 核算预览: a month's payslips with every figure's computation; finance recomputes or closes the month here. */
export default function CalculatPreviewScreen() {
  const can = useHasAuth();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const latest = useQuery({ queryKey: ['salary', 'runs', 'latest'], queryFn: () => api(P.runPage, { pageIndex: 1, pageSize: 1 }) });
  const month = Number(params.get('month')) || latest.data?.records[0]?.month || 0;
  const run = useQuery({
    queryKey: ['salary', 'runs', 'one', month],
    enabled: month > 0,
    queryFn: async () => (await api(P.runPage, { pageIndex: 1, pageSize: 24 })).records.find((r) => r.month === month) ?? null,
  });
  const [opened, setOpened] = useState<PaySlipRecord | null>(null);
  const detail = useQuery({
    queryKey: ['salary', 'slip', opened?.id],
    enabled: Boolean(opened),
    queryFn: () => api(P.slipDetail, { id: opened?.id as number }),
  });
  const [busy, setBusy] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const editable = can(SALARY_PERM.edit);
  const act = async (call: typeof P.compute | typeof P.close, done: string) => {
    setBusy(true);
    try {
      await api(call, { month });
      message.success(done);
      await client.invalidateQueries({ queryKey: ['salary'] });
    } finally {
      setBusy(false);
    }
  };
  if (!month) return <ScreenFrame>{latest.isLoading ? <Spin /> : <Empty description="还没有工资表，请先新增工资表" />}</ScreenFrame>;
  const r = run.data;
  return (
    <ScreenFrame>
      <Space wrap style={{ marginBottom: 12 }}>
        <MonthSelect value={month} onChange={(m) => setParams({ month: String(m) })} />
        {r ? <Tag color={r.state === 'closed' ? 'green' : 'blue'}>{r.state === 'closed' ? '已关账' : '未关账'}</Tag> : <Tag>未核算</Tag>}
        {editable && r?.state !== 'closed' && (
          <Button loading={busy} onClick={() => act(P.compute, '已核算')}>
            {r ? '重新核算' : '核算'}
          </Button>
        )}
        {editable && r?.state === 'open' && (
          <Popconfirm title={`关账后${monthText(month)}的工资、工时和请假都不能再修改，确认关账？`} onConfirm={() => act(P.close, '已关账')}>
            <Button type="primary" danger loading={busy}>
              关账
            </Button>
          </Popconfirm>
        )}
        {r && <Button onClick={() => setHistoryOpen(true)}>操作记录</Button>}
      </Space>
      {r && (
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 6 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="人数">{r.employeeCount}</Descriptions.Item>
          <Descriptions.Item label="应发合计">{fenText(r.grossTotal)}</Descriptions.Item>
          <Descriptions.Item label="社保公积金">{fenText(r.contributionTotal)}</Descriptions.Item>
          <Descriptions.Item label="个税">{fenText(r.taxTotal)}</Descriptions.Item>
          <Descriptions.Item label="单位社保公积金">
            <span data-testid="run-employer">{fenText(r.employerContributionTotal)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="实发合计">
            <span data-testid="run-net">{fenText(r.netTotal)}</span>
          </Descriptions.Item>
        </Descriptions>
      )}
      <ResourceTable<PaySlipRecord>
        meta={paySlipMeta}
        pageCall={P.slipPage}
        exportCall={P.slipExport}
        exportName={`工资明细${month}.xlsx`}
        fixedFilters={{ month }}
        keyword={{ label: '姓名 / 工号' }}
        queryKey={['salary', 'slips']}
        columns={fenColumns(paySlipMeta)}
        actionsWidth={90}
        rowActions={(s) => (
          <Button type="link" size="small" onClick={() => setOpened(s)}>
            计算过程
          </Button>
        )}
      />
      <Drawer
        title={opened ? `${opened.realName} ${monthText(opened.month)} 工资计算过程` : ''}
        open={Boolean(opened)}
        width={760}
        onClose={() => setOpened(null)}
      >
        {detail.data ? <PayLines lines={detail.data.lines} /> : <Spin />}
      </Drawer>
      <Drawer title={`${monthText(month)} 工资表操作记录`} open={historyOpen && Boolean(r)} width={640} onClose={() => setHistoryOpen(false)} destroyOnHidden>
        {r && <RecordHistory kind="payroll" id={r.id} />}
      </Drawer>
    </ScreenFrame>
  );
}
