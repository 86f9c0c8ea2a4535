import { CLAIM_BUDGET_NAMES, type ClaimBudgetMode, CONTROLS_PERM } from '@erp/contract/modules/controls';
import { financeProjectCalls as F, FIN_PERM, type PeriodRow, type ProjectDetail, type ProjectRecord } from '@erp/contract/modules/finance-project';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { RecordHistory } from '../../components/history/record-history';
import { DictTag } from '../../components/resource';
import { BudgetChart } from './budget-chart';
import { fenText, monthText, TYPE_NAMES } from './money';
import { ProjectForm } from './project-form';

function BudgetGrid({ detail }: { detail: ProjectDetail }) {
  const subjects = useQuery({ queryKey: ['finance', 'subjects'], queryFn: () => api(F.getSubjectList, {}), staleTime: 300_000 });
  const months = [...new Set(detail.budget.map((l) => l.month))].sort((a, b) => a - b);
  const rows = useMemo(() => {
    const by = new Map<number, Record<string, number>>();
    for (const l of detail.budget) {
      const r = by.get(l.subjectId) ?? {};
      r[String(l.month)] = l.amount;
      r.total = (r.total ?? 0) + l.amount;
      by.set(l.subjectId, r);
    }
    const names = new Map((subjects.data ?? []).map((s) => [s.id, s]));
    return [...by.entries()].map(([id, values]) => ({
      key: id,
      name: names.get(id)?.name ?? String(id),
      type: TYPE_NAMES[names.get(id)?.budgetType ?? ''] ?? '',
      ...values,
    }));
  }, [detail.budget, subjects.data]);
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      scroll={{ x: 300 + months.length * 110 }}
      dataSource={rows}
      columns={[
        { title: '预算科目', dataIndex: 'name', fixed: 'left', width: 160 },
        { title: '类型', dataIndex: 'type', width: 60 },
        ...months.map((m) => ({
          title: monthText(m),
          dataIndex: String(m),
          width: 110,
          align: 'right' as const,
          render: (v?: number) => (v ? fenText(v) : ''),
        })),
        { title: '合计', dataIndex: 'total', width: 130, align: 'right' as const, render: (v: number) => fenText(v) },
      ]}
    />
  );
}

function ProjectStatistics({ projectId, startDate }: { projectId: number; startDate: string | null }) {
  const [year, setYear] = useState(() => new Date().getFullYear());
  const q = useQuery({ queryKey: ['finance', 'project', projectId, 'quarter', year], queryFn: () => api(F.getQuarterBudgetStatistics, { projectId, year }) });
  const first = startDate ? Number(startDate.slice(0, 4)) : year - 1;
  const years = Array.from({ length: Math.max(1, new Date().getFullYear() + 2 - first) }, (_, i) => first + i);
  const series = useMemo(
    () =>
      (q.data?.rows ?? [])
        .filter((r) => r.key === '001' || r.key === 'profit')
        .flatMap((r) => [
          { name: `${r.name}预算`, values: r.budget },
          { name: `${r.name}实际`, values: r.actual, kind: 'line' as const },
        ]),
    [q.data],
  );
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        年度
        <Select value={year} onChange={setYear} options={years.map((y) => ({ value: y, label: `${y}年` }))} style={{ width: 110 }} />
      </Space>
      <BudgetChart categories={q.data?.periods ?? []} series={series} />
      <Table<PeriodRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={q.data?.rows ?? []}
        columns={[
          { title: '类型', dataIndex: 'name' },
          ...(q.data?.periods ?? []).map((p, i) => ({
            title: p,
            key: p,
            align: 'right' as const,
            render: (_: unknown, r: PeriodRow) => (
              <span>
                {fenText(r.budget[i])}
                <br />
                <span style={{ color: '#888' }}>{fenText(r.actual[i])}</span>
              </span>
            ),
          })),
          {
            title: '全年预算/实际',
            key: 'total',
            align: 'right' as const,
            render: (_: unknown, r: PeriodRow) => `${fenText(r.budgetTotal)} / ${fenText(r.actualTotal)}`,
          },
        ]}
      />
    </>
  );
}

/**
 * How claims on the project meet its budget (issue 34 §3): the company's 内控设置 unless the project has
 * its own, set by who sets the company's controls (a project's manager claims on it).
 */
function ClaimBudgetSetting({ detail }: { detail: ProjectDetail }) {
  const can = useHasAuth();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const inForce = CLAIM_BUDGET_NAMES[detail.claimBudgetInForce];
  const choose = async (claimBudget: ClaimBudgetMode | 'company') => {
    setSaving(true);
    try {
      await api(F.saveClaimBudget, { id: detail.id, claimBudget });
      message.success('报销超预算设置已保存');
      await client.invalidateQueries({ queryKey: ['finance', 'project', detail.id] });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space style={{ marginBottom: 8, marginLeft: 16 }}>
      报销超预算
      {can(CONTROLS_PERM.edit) ? (
        <Select<ClaimBudgetMode | 'company'>
          aria-label="报销超预算"
          style={{ width: 200 }}
          loading={saving}
          value={detail.claimBudget ?? 'company'}
          onChange={(v) => void choose(v)}
          options={[
            { value: 'company', label: detail.claimBudget ? '按公司设置' : `按公司设置（${inForce}）` },
            ...(['warn', 'refuse', 'off'] as const).map((m) => ({ value: m, label: CLAIM_BUDGET_NAMES[m] })),
          ]}
        />
      ) : (
        <Tag>{detail.claimBudget ? inForce : `${inForce}（公司设置）`}</Tag>
      )}
    </Space>
  );
}

/** States in which a subproject is corrected (and submitted again) from its parent's screen. */
const SUB_EDITABLE = ['draft', 'returned', 'rejected', 'revoked'];

/** A project: its fields, stages, team, budget of a chosen version, versions with their changes, subprojects and statistics. */
export function ProjectDetailDrawer({ projectId, onClose }: { projectId: number | null; onClose(): void }) {
  const navigate = useNavigate();
  const [versionNo, setVersionNo] = useState<number | undefined>();
  const q = useQuery({
    queryKey: ['finance', 'project', projectId, 'detail', versionNo],
    queryFn: () => api(F.getProjectInfo, { id: projectId, versionNo }),
    enabled: Boolean(projectId),
  });
  const subs = useQuery({
    queryKey: ['finance', 'project', projectId, 'subs'],
    queryFn: () => api(F.getSubprojectList, { parentId: projectId as number, pageSize: 100 }),
    enabled: Boolean(projectId) && !q.data?.parentId,
  });
  const d = q.data;
  const can = useHasAuth();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [subForm, setSubForm] = useState<{ id: number | null } | null>(null);
  return (
    <Drawer open={Boolean(projectId)} onClose={onClose} size="large" title={d ? `${d.projectNo ?? '（未编号）'} ${d.name}` : '项目详情'} destroyOnHidden>
      {d && (
        <Tabs
          items={[
            {
              key: 'info',
              label: '基本信息',
              children: (
                <Descriptions column={2} size="small" bordered>
                  <Descriptions.Item label="项目类型">{d.projectType && <DictTag codeType="FINPROJECTTYPE" value={d.projectType} />}</Descriptions.Item>
                  <Descriptions.Item label="项目状态">
                    <DictTag codeType="FINPROJECTPHASE" value={d.phase} /> <DictTag codeType="STATUS" value={d.status} />
                  </Descriptions.Item>
                  <Descriptions.Item label="甲方">{d.clientName}</Descriptions.Item>
                  <Descriptions.Item label="乙方">{d.settleOrgName}</Descriptions.Item>
                  <Descriptions.Item label="所属部门">{d.deptName}</Descriptions.Item>
                  <Descriptions.Item label="项目经理">{d.managerName}</Descriptions.Item>
                  <Descriptions.Item label="项目周期">
                    {d.startDate} 至 {d.endDate}
                  </Descriptions.Item>
                  <Descriptions.Item label="合同金额（元）">{fenText(d.contractAmount)}</Descriptions.Item>
                  {d.parentName && <Descriptions.Item label="父项目">{d.parentName}</Descriptions.Item>}
                  <Descriptions.Item label="备注" span={2}>
                    {d.remark}
                  </Descriptions.Item>
                </Descriptions>
              ),
            },
            {
              key: 'stages',
              label: '项目阶段',
              children: (
                <Table
                  size="small"
                  rowKey={(r) => `${r.sort}-${r.name}`}
                  pagination={false}
                  dataSource={d.stages}
                  columns={[
                    { title: '阶段', dataIndex: 'name' },
                    { title: '开始', dataIndex: 'startDate' },
                    { title: '结束', dataIndex: 'endDate' },
                    { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (v: number) => fenText(v) },
                  ]}
                />
              ),
            },
            {
              key: 'team',
              label: `项目成员（${d.people.length}）`,
              children: (
                <Table
                  size="small"
                  rowKey="userId"
                  pagination={false}
                  dataSource={d.people}
                  columns={[
                    { title: '姓名', dataIndex: 'realName' },
                    { title: '工号', dataIndex: 'userCode' },
                    { title: '部门', dataIndex: 'orgName' },
                    { title: '项目角色', dataIndex: 'role', render: (v: string) => <DictTag codeType="FINPROJECTROLE" value={v} /> },
                  ]}
                />
              ),
            },
            {
              key: 'budget',
              label: '项目预算',
              children: (
                <>
                  <Space style={{ marginBottom: 8 }}>
                    预算版本
                    <Select
                      style={{ width: 260 }}
                      value={d.budgetVersionNo}
                      onChange={(v) => setVersionNo(v)}
                      options={(d.versions.length ? d.versions : [{ versionNo: 0, effectiveMonth: null, changeNo: null }]).map((v) => ({
                        value: v.versionNo,
                        label: v.versionNo
                          ? `V${v.versionNo}（${v.effectiveMonth ? `${monthText(v.effectiveMonth)}起生效` : ''}${v.changeNo ? ` · ${v.changeNo}` : ''}）`
                          : '草稿',
                      }))}
                    />
                    {d.budgetVersionNo !== d.versionNo && d.versionNo > 0 && <Tag color="orange">历史版本</Tag>}
                  </Space>
                  <ClaimBudgetSetting detail={d} />
                  <BudgetGrid detail={d} />
                </>
              ),
            },
            ...(d.parentId
              ? []
              : [
                  {
                    key: 'subs',
                    label: `子项目（${subs.data?.total ?? 0}）`,
                    children: (
                      <>
                        {can(FIN_PERM.projectEdit) && d.phase === '002' && (
                          <Button type="primary" size="small" style={{ marginBottom: 8 }} onClick={() => setSubForm({ id: null })}>
                            新增子项目
                          </Button>
                        )}
                        <Table<ProjectRecord>
                          size="small"
                          rowKey="id"
                          pagination={false}
                          dataSource={subs.data?.records ?? []}
                          columns={[
                            { title: '编号', dataIndex: 'projectNo' },
                            { title: '名称', dataIndex: 'name' },
                            {
                              title: '周期',
                              key: 'p',
                              render: (_: unknown, r) => `${r.startDate ?? ''} 至 ${r.endDate ?? ''}`,
                            },
                            { title: '状态', dataIndex: 'phase', render: (v: string) => <DictTag codeType="FINPROJECTPHASE" value={v} /> },
                            { title: '审批', dataIndex: 'status', render: (v: string) => <DictTag codeType="STATUS" value={v} /> },
                            {
                              title: '操作',
                              key: 'actions',
                              render: (_: unknown, r) =>
                                can(FIN_PERM.projectEdit) &&
                                SUB_EDITABLE.includes(r.state) && (
                                  <Space size={0}>
                                    <Button type="link" size="small" onClick={() => setSubForm({ id: r.id })}>
                                      {r.state === 'draft' ? '编辑' : '修改并重新提交'}
                                    </Button>
                                    {r.state !== 'returned' && (
                                      <Popconfirm
                                        title="确定删除该子项目？"
                                        onConfirm={async () => {
                                          await api(F.deleteSubproject, { id: r.id });
                                          message.success('已删除');
                                          void subs.refetch();
                                        }}
                                      >
                                        <Button type="link" size="small" danger>
                                          删除
                                        </Button>
                                      </Popconfirm>
                                    )}
                                  </Space>
                                ),
                            },
                          ]}
                        />
                        <ProjectForm
                          open={Boolean(subForm)}
                          projectId={subForm?.id ?? null}
                          parent={d}
                          onClose={() => setSubForm(null)}
                          onSaved={() => void client.invalidateQueries({ queryKey: ['finance'] })}
                        />
                      </>
                    ),
                  },
                ]),
            { key: 'stats', label: '预算统计', children: <ProjectStatistics projectId={d.id} startDate={d.startDate} /> },
            {
              key: 'versions',
              label: '变更记录',
              children: (
                <Table
                  size="small"
                  rowKey="versionNo"
                  pagination={false}
                  dataSource={d.versions}
                  columns={[
                    { title: '版本', dataIndex: 'versionNo', render: (v: number) => `V${v}` },
                    { title: '生效月份', dataIndex: 'effectiveMonth', render: (v: number | null) => (v ? monthText(v) : '') },
                    {
                      title: '变更单',
                      dataIndex: 'changeNo',
                      render: (v: string | null, r: { changeId: number | null }) =>
                        v && r.changeId ? (
                          <Button type="link" size="small" onClick={() => navigate(`/changeDetail?id=${r.changeId}`)}>
                            {v}
                          </Button>
                        ) : (
                          '立项'
                        ),
                    },
                  ]}
                />
              ),
            },
            { key: 'history', label: '操作记录', children: <RecordHistory kind="project" id={d.id} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
