import { bpmCalls } from '@erp/contract/modules/bpm';
import { financeProjectCalls as F } from '@erp/contract/modules/finance-project';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Space, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api/client';
import { FlowSteps, SignOffDialog } from '../../components/flow';
import { DictTag } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { fenText, monthText } from './money';

const changed = { background: '#fff1f0', color: '#cf1322', fontWeight: 600 } as const;

/**
 * /changeDetail: a project change before and after. Changed fields are highlighted; stages, team and
 * the budget lines that differ are listed; the approver of the current step passes or rejects here.
 */
export default function ChangeDetailScreen() {
  const [params] = useSearchParams();
  const { message } = App.useApp();
  const client = useQueryClient();
  const id = Number(params.get('id')) || undefined;
  const instanceId = Number(params.get('instanceId') ?? params.get('processInstanceId')) || undefined;
  const [deciding, setDeciding] = useState<'pass' | 'reject' | null>(null);
  const q = useQuery({
    queryKey: ['finance', 'changeDetail', id, instanceId],
    queryFn: () => api(F.getBeforeAndAfterChangeInfo, { id, instanceId }),
    enabled: Boolean(id || instanceId),
  });
  const flowInstance = q.data?.change.processInstanceId ?? null;
  const flow = useQuery({
    queryKey: ['finance', 'changeFlow', flowInstance],
    queryFn: () => api(bpmCalls.getFlowData, { instanceId: flowInstance as number }),
    enabled: Boolean(flowInstance),
  });
  if (!id && !instanceId) return <Empty description="缺少变更单" />;
  if (q.isLoading) return <Spin />;
  if (!q.data) return <Alert type="error" title="变更单不存在或无权查看" />;
  const { change, fields, stages, people, budget } = q.data;
  const taskId = flow.data?.taskKind === 'approve' ? flow.data.taskId : null;
  const decide = async (message_: string) => {
    if (!taskId) return;
    if (deciding === 'pass') await api(F.projectChangePass, { taskId, message: message_ || null });
    else await api(F.projectChaangeReject, { taskId, message: message_ });
    message.success(deciding === 'pass' ? '已通过' : '已驳回');
    void client.invalidateQueries({ queryKey: ['finance'] });
  };
  return (
    <ScreenFrame>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Card
          title={`项目变更 ${change.changeNo ?? ''}`}
          extra={
            taskId && (
              <Space>
                <Button type="primary" onClick={() => setDeciding('pass')}>
                  通过
                </Button>
                <Button danger onClick={() => setDeciding('reject')}>
                  驳回
                </Button>
              </Space>
            )
          }
        >
          <Descriptions size="small" column={3}>
            <Descriptions.Item label="项目">{`${change.projectNo ?? ''} ${change.projectName}`}</Descriptions.Item>
            <Descriptions.Item label="生效月份">{monthText(change.effectiveMonth)}</Descriptions.Item>
            <Descriptions.Item label="审批状态">
              <DictTag codeType="STATUS" value={change.status} />
              {change.versionNo ? <Tag color="green">已生效为 V{change.versionNo}</Tag> : null}
            </Descriptions.Item>
            <Descriptions.Item label="变更原因" span={3}>
              {change.reason}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title="变更前后对比" size="small">
          <Table
            size="small"
            rowKey="field"
            pagination={false}
            dataSource={fields}
            rowClassName={(r) => (r.changed ? 'fin-changed' : '')}
            columns={[
              { title: '字段', dataIndex: 'label', width: 140 },
              { title: '变更前', dataIndex: 'before', onCell: (r) => ({ style: r.changed ? { textDecoration: 'line-through', color: '#666' } : {} }) },
              {
                title: '变更后',
                dataIndex: 'after',
                onCell: (r) => ({ style: r.changed ? changed : {}, 'data-changed': r.changed ? 'true' : undefined }) as never,
              },
              { title: '', dataIndex: 'changed', width: 80, render: (v: boolean) => (v ? <Tag color="red">已变更</Tag> : null) },
            ]}
          />
        </Card>
        <Card title={<span>项目阶段 {stages.changed && <Tag color="red">已变更</Tag>}</span>} size="small">
          <Space align="start" style={{ width: '100%' }} wrap>
            {(['before', 'after'] as const).map((side) => (
              <Table
                key={side}
                title={() => (side === 'before' ? '变更前' : '变更后')}
                size="small"
                rowKey={(r) => `${r.name}-${r.startDate}`}
                pagination={false}
                dataSource={stages[side]}
                columns={[
                  { title: '阶段', dataIndex: 'name' },
                  { title: '开始', dataIndex: 'startDate' },
                  { title: '结束', dataIndex: 'endDate' },
                  { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (v: number) => fenText(v) },
                ]}
              />
            ))}
          </Space>
        </Card>
        <Card title={<span>项目成员 {people.changed && <Tag color="red">已变更</Tag>}</span>} size="small">
          变更前：{people.before.map((p) => p.realName).join('、') || '无'}
          <br />
          变更后：
          {people.after.map((p) => (
            <Tag key={p.userId} color={people.before.some((b) => b.userId === p.userId && b.role === p.role) ? undefined : 'red'}>
              {p.realName}
            </Tag>
          ))}
        </Card>
        <Card title={`预算差异（变更前合计 ${fenText(budget.beforeTotal)} 元，变更后合计 ${fenText(budget.afterTotal)} 元）`} size="small">
          <Table
            size="small"
            rowKey={(r) => `${r.subjectId}-${r.month}`}
            dataSource={budget.diffs}
            pagination={{ pageSize: 12 }}
            columns={[
              { title: '月份', dataIndex: 'month', render: (v: number) => monthText(v) },
              { title: '预算科目', dataIndex: 'subjectName' },
              { title: '变更前（元）', dataIndex: 'before', align: 'right', render: (v: number) => fenText(v) },
              { title: '变更后（元）', dataIndex: 'after', align: 'right', render: (v: number) => <span style={changed}>{fenText(v)}</span> },
              { title: '差额（元）', key: 'd', align: 'right', render: (_: unknown, r) => fenText(r.after - r.before) },
            ]}
          />
        </Card>
        {flow.data && (
          <Card title="审批流程" size="small">
            <FlowSteps steps={flow.data.steps} variant="submitted" />
          </Card>
        )}
      </Space>
      <SignOffDialog open={Boolean(deciding)} mode={deciding ?? 'pass'} onSubmit={decide} onClose={() => setDeciding(null)} />
    </ScreenFrame>
  );
}
