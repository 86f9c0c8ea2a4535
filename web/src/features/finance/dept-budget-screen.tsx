import { financeProjectCalls as F, FIN_PERM } from '@erp/contract/modules/finance-project';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, InputNumber, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { api, download } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { RecordHistory } from '../../components/history/record-history';
import { ScreenFrame } from '../base/screen-frame';
import { fenText, TYPE_NAMES, toFen } from './money';

const MONTHS = Array.from({ length: 12 }, (_, i) => `${i + 1}月`);

/**
 * 部门预算: each department's year = the budgets of its projects (read-only) + its own lines, which
 * finance edits here per subject and month.
 */
export default function DeptBudgetScreen() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const can = useHasAuth();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [deptId, setDeptId] = useState<number | null>(null);
  const [own, setOwn] = useState<Record<number, number[]>>({});
  const [historyOpen, setHistoryOpen] = useState(false);
  const list = useQuery({ queryKey: ['finance', 'dept', year], queryFn: () => api(F.getDeptBudgetList, { year }) });
  const detail = useQuery({
    queryKey: ['finance', 'dept', year, deptId],
    queryFn: () => api(F.getDeptBudgetDetailList, { year, deptId: deptId as number }),
    enabled: Boolean(deptId),
  });
  useEffect(() => {
    setOwn(Object.fromEntries((detail.data ?? []).map((r) => [r.subjectId, r.own.map((v) => v / 100)])));
  }, [detail.data]);
  const save = async () => {
    if (!deptId) return;
    const lines = Object.entries(own).flatMap(([subjectId, months]) =>
      months.map((v, i) => ({ subjectId: Number(subjectId), month: year * 100 + i + 1, amount: toFen(v) })).filter((l) => l.amount > 0),
    );
    await api(F.updateDeptBudgetDetail, { year, deptId, lines });
    message.success('部门预算已保存');
    void client.invalidateQueries({ queryKey: ['finance', 'dept'] });
  };
  const deptName = list.data?.find((d) => d.deptId === deptId)?.deptName;
  const years = Array.from({ length: 5 }, (_, i) => new Date().getFullYear() - 3 + i);
  return (
    <ScreenFrame>
      <Space style={{ marginBottom: 12 }}>
        年度
        <Select value={year} onChange={setYear} options={years.map((y) => ({ value: y, label: `${y}年` }))} style={{ width: 110 }} aria-label="年度" />
      </Space>
      <Table
        size="small"
        rowKey="deptId"
        pagination={false}
        loading={list.isLoading}
        dataSource={list.data ?? []}
        onRow={(r) => ({ onClick: () => setDeptId(r.deptId), style: { cursor: 'pointer', background: r.deptId === deptId ? '#e6f4ff' : undefined } })}
        columns={[
          { title: '部门', dataIndex: 'deptName' },
          { title: '项目数', dataIndex: 'projectCount' },
          ...(['projectIncome', 'projectOutcome', 'projectExpense', 'ownExpense', 'totalCost'] as const).map((k, i) => ({
            title: ['项目收入', '项目成本', '项目费用', '部门自有费用', '成本费用合计'][i],
            dataIndex: k,
            align: 'right' as const,
            render: (v: number) => fenText(v),
          })),
        ]}
      />
      {deptId && (
        <>
          <Space style={{ margin: '16px 0 8px' }}>
            <strong>{deptName} 预算明细（上行项目合计，下行部门自有，单位元）</strong>
            <Button onClick={() => void download(F.downDeptBudgetModel, { year, deptId }, '部门预算.xlsx')}>下载</Button>
            <Button onClick={() => setHistoryOpen(true)}>操作记录</Button>
            {can(FIN_PERM.budgetEdit) && (
              <Button type="primary" onClick={() => void save()}>
                保存部门预算
              </Button>
            )}
          </Space>
          <Table
            size="small"
            rowKey="subjectId"
            loading={detail.isLoading}
            pagination={false}
            scroll={{ x: 220 + 12 * 110 }}
            dataSource={detail.data ?? []}
            columns={[
              { title: '预算科目', dataIndex: 'subjectName', fixed: 'left', width: 160, render: (v: string, r) => `${v}（${TYPE_NAMES[r.budgetType] ?? ''}）` },
              ...MONTHS.map((m, i) => ({
                title: m,
                key: m,
                width: 110,
                render: (_: unknown, r: { subjectId: number; project: number[] }) => (
                  <div>
                    <div style={{ color: '#888', textAlign: 'right' }}>{fenText(r.project[i])}</div>
                    <InputNumber
                      size="small"
                      min={0}
                      precision={2}
                      disabled={!can(FIN_PERM.budgetEdit)}
                      value={own[r.subjectId]?.[i] ?? 0}
                      onChange={(v) =>
                        setOwn((o) => {
                          const months = [...(o[r.subjectId] ?? new Array<number>(12).fill(0))];
                          months[i] = Number(v ?? 0);
                          return { ...o, [r.subjectId]: months };
                        })
                      }
                      style={{ width: '100%' }}
                    />
                  </div>
                ),
              })),
              { title: '合计', dataIndex: 'total', width: 120, align: 'right', render: (v: number) => fenText(v) },
            ]}
          />
          <Drawer title={`${deptName ?? ''} 部门预算操作记录`} open={historyOpen} width={640} onClose={() => setHistoryOpen(false)} destroyOnHidden>
            <RecordHistory kind="dept_budget" id={deptId} />
          </Drawer>
        </>
      )}
    </ScreenFrame>
  );
}
